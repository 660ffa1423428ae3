import type { CleanResourceBody } from '@shared/resource-cleanup';
import type { LeiaCreateBody } from '@shared/schemas/leias';
import type { InitializeBody } from '@shared/schemas/runner';
import type { VersionBump } from '@shared/semver';
import type { DesignToCheck } from '../leakCheck/contract';
import type { NameCheckReport } from '../nameCheck';
import type { WizardDraft, WizardPreset } from './draft';
import type { Names } from './names';
import type { Generation, NameKey, PartKind, Parts, WizardPart, WizardViewer } from './parts';
import type { DesignSource, LatestVersion, NoteField, SaveAs, SaveMode } from './versions';

/** The design wizard's own texts, verbatim from the product's specification. */
export const WIZARD_TEXTS = {
  unknownGenerationError: 'Unknown error occurred while generating LEIA',
  previewUnavailable:
    'Unable to generate LEIA preview. Please ensure all components are properly selected and configured',
  generationErrorTitle: 'LEIA Generation Error',
  sessionFailed: 'Failed to initialize LEIA session',
  createPartFailed: (kind: PartKind) => `Failed to create ${kind} resource`,
  createLeiaFailed: 'Failed to create LEIA',
  allSelected: 'All elements selected',
  missing: 'Missing elements to select',
  /** Logged when Try is asked for without a generated LEIA (nothing else happens). */
  noGeneratedLeia: 'Cannot start a session: no generated LEIA',
  /** After Finish, on /leias. */
  created: (name: string) => `LEIA "${name}" created`,
} as const;

/**
 * 'Design from this' while a design with unsaved edits is kept: asked in the words of the leave
 * question (machines/leaveConfirm.ts). Escape keeps the design in progress.
 */
export const REPLACE_DESIGN_TEXTS = {
  title: 'Replace the design in progress?',
  message: (leia: string | undefined) =>
    `It has unsaved edits. Designing from ${leia ?? 'this LEIA'} replaces its choices, edits and names; keeping it opens it as you left it.`,
  accept: 'Replace',
  cancel: 'Keep my design',
} as const;

export interface WizardContext {
  viewer: WizardViewer;
  /** The step a restored draft was on; Starting reads it once. */
  restoredStep: WizardDraft['step'];
  parts: Parts;
  /** The snapshot Reset restores: made on step 1 -> 2, or the preset itself. */
  originals: Parts;
  names: Names;
  visibility: WizardDraft['visibility'];
  /** The LEIA this design was made from ('Design from this'), if any. */
  source: DesignSource | null;
  /** A preset that arrived over a design with unsaved edits: it waits for the user's answer. */
  incoming: { preset: WizardPreset; source: DesignSource | null } | null;
  /** Step 3: each item under a new name or as a new version (./versions.ts). */
  saveAs: Partial<Record<NameKey, SaveAs>>;
  notes: Partial<Record<NameKey, NoteField>>;
  /** The latest visible version of each name step 3 may version, once loaded. */
  latest: Partial<Record<NameKey, LatestVersion>>;
  generation: Generation | null;
  /** Parts an earlier Finish created before it failed: kept so that no part is created twice. */
  created: Partial<Record<PartKind, { id: string; name: string; version: string }>>;
  /** The names Finish is checking again. */
  verifying: NameKey[];
  /** A failed Finish: its text, and the server's message when there is one. */
  pageError: { message: string; detail?: string } | null;
  /** Finish refused: the first field in error takes the focus (a new object each time, useFocusRequest). */
  focus: { key: NameKey; field: 'name' | 'note' } | null;
}

/** Which items step 3 may version, with the ids to ask their latest version of. */
export type LatestRequest = { key: NameKey; kind: NameKey; id: string }[];

export interface WizardInput {
  viewer: WizardViewer;
  /** A design kept from before (session storage, or back from a chat). */
  draft?: WizardDraft | null;
  /** 'Design from this': the three parts of a LEIA; replaces a draft, asking first if it has edits. */
  preset?: WizardPreset | null;
  /** The LEIA the preset came from. */
  source?: DesignSource | null;
}

/** Why a wizard action cannot run now (the palette shows it greyed with this reason). */
export const WIZARD_COMMAND_REASONS = {
  firstStep: 'This is the first step',
  lastStep: 'This is the last step: Finish creates the LEIA',
  generationError: 'The LEIA cannot be generated: see the LEIA Generation Error',
  notSelecting: 'Go back to step 1 (Selection) to change the parts',
  notEditing: 'Parts are edited in step 2 (Edit)',
  notEdited: 'This part has not been edited',
  historyOnEdit: 'A part’s History is on its card in step 2 (Edit)',
  nothingToTry: 'There is no generated LEIA to try yet',
  starting: 'Starting...',
  notCreating: 'Finish is on step 3 (Create)',
  finishing: 'The LEIA is being created',
} as const;

/** What the wizard's Try session is called in machines/startSession.ts (only its start waits). */
export const TRY_SESSION_KEY = 'wizard';

export type WizardEvent =
  | { type: 'part.select'; kind: PartKind; part: WizardPart }
  | { type: 'part.deleted'; kind: PartKind; id: string }
  | { type: 'part.save'; kind: PartKind; spec: Record<string, unknown>; apiVersion: string }
  | { type: 'part.reset'; kind: PartKind }
  /** Step 2: open the part's editor, or its History; step 1: the Delete dialog of a listed part. */
  | { type: 'part.edit'; kind: PartKind }
  | { type: 'part.history'; kind: PartKind }
  | { type: 'part.delete'; kind: PartKind; part: WizardPart }
  | { type: 'name.change'; key: NameKey; value: string }
  | { type: 'visibility.set'; key: NameKey; value: boolean }
  | { type: 'saveAs.mode'; key: NameKey; mode: SaveMode }
  | { type: 'saveAs.bump'; key: NameKey; bump: VersionBump }
  | { type: 'note.change'; key: NameKey; value: string }
  | { type: 'wizard.next' }
  | { type: 'wizard.previous' }
  | { type: 'wizard.try' }
  | { type: 'wizard.finish' }
  /** 'Design a new LEIA' (Start over): asks first (ask.discard) when there are unsaved edits. */
  | { type: 'wizard.startOver' }
  /** The design emptied: Start over without unsaved edits, or the answer 'Discard'. */
  | { type: 'wizard.discard' }
  /** 'Check this design': the leak check of the design on screen, once it is generated (steps 2 and 3). */
  | { type: 'design.check' }
  /** The answers to 'Replace the design in progress?'. */
  | { type: 'preset.replace' }
  | { type: 'preset.keep' }
  | NameCheckReport;

/**
 * What the wizard asks the screen to open once it has taken part.edit, part.history or part.delete
 * (the editor, the History panel and the delete dialog are actors of their own).
 */
export interface WizardEmitted {
  type: 'open.editor' | 'open.history' | 'open.delete';
  kind: PartKind;
  part: WizardPart;
}

/** What the wizard asks the screen once it takes Start over with unsaved edits: 'Discard this design?'. */
export interface DiscardQuestionEmitted {
  type: 'ask.discard';
}

/** What the wizard asks the leak check to open once it takes design.check: Try's body, and the LEIA's name. */
export interface DesignCheckEmitted {
  type: 'open.check';
  design: DesignToCheck;
  name: string;
}

/**
 * POST /{kind}s: the edited part, cleaned up and named (src/shared/resource-cleanup.ts), with the
 * version it is saved as, its change note, and the part it was edited from.
 */
export interface CreatePartInput {
  kind: PartKind;
  body: CleanResourceBody & { note?: string; derivedFrom?: string };
  /** Sent only by admins. */
  publish?: boolean;
}

/** POST /leias: its name and version, the three part ids, its note and the LEIA it came from. */
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
