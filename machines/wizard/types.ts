import type { CleanResourceBody } from '@shared/resource-cleanup';
import type { LeiaCreateBody } from '@shared/schemas/leias';
import type { InitializeBody } from '@shared/schemas/runner';
import type { NameCheckReport } from '../nameCheck';
import type { WizardDraft, WizardPreset } from './draft';
import type { Names } from './names';
import type { Generation, NameKey, PartKind, Parts, WizardPart, WizardViewer } from './parts';

export interface WizardContext {
  viewer: WizardViewer;
  /** The step a restored draft was on; Starting reads it once. */
  restoredStep: WizardDraft['step'];
  parts: Parts;
  /** The snapshot Reset restores: made on step 1 -> 2, or the preset itself. */
  originals: Parts;
  names: Names;
  visibility: WizardDraft['visibility'];
  generation: Generation | null;
  /** Parts an earlier Finish created before it failed: kept so that no part is created twice. */
  created: Partial<Record<PartKind, { id: string; name: string }>>;
  /** The names Finish is checking again. */
  verifying: NameKey[];
  /** A failed Finish: its text, and the server's message when there is one. */
  pageError: { message: string; detail?: string } | null;
}

export interface WizardInput {
  viewer: WizardViewer;
  /** A design kept from before (session storage, or back from a chat). */
  draft?: WizardDraft | null;
  /** 'Design from this': the three parts of a LEIA; wins over a draft. */
  preset?: WizardPreset | null;
}

export type WizardEvent =
  | { type: 'part.select'; kind: PartKind; part: WizardPart }
  | { type: 'part.deleted'; kind: PartKind; id: string }
  | { type: 'part.save'; kind: PartKind; spec: Record<string, unknown>; apiVersion: string }
  | { type: 'part.reset'; kind: PartKind }
  | { type: 'name.change'; key: NameKey; value: string }
  | { type: 'visibility.set'; key: NameKey; value: boolean }
  | { type: 'wizard.next' }
  | { type: 'wizard.previous' }
  | { type: 'wizard.try' }
  | { type: 'wizard.finish' }
  | { type: 'wizard.discard' }
  | NameCheckReport;

/** POST /{kind}s: the edited part, cleaned up and named (src/shared/resource-cleanup.ts). */
export interface CreatePartInput {
  kind: PartKind;
  body: CleanResourceBody;
  /** Sent only by admins. */
  publish?: boolean;
}

/** POST /leias: its name, version 1.0.0, and the three part ids. */
export interface CreateLeiaInput {
  body: LeiaCreateBody;
  /** Sent only by admins. */
  publish?: boolean;
}

export interface TryRequest {
  body: InitializeBody;
  /** Carried to the chat, which brings it back on 'Finish Conversation'. */
  draft: WizardDraft;
  problemDescription?: string;
}
