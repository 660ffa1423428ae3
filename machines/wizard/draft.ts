import type { Names } from './names';
import type { NameKey, Parts, WizardPart } from './parts';
import type { DesignSource, NoteField, SaveAs } from './versions';

/**
 * The design in progress as it is kept between visits: in session storage (a reload keeps it) and
 * in the chat's navigation state (Try, then 'Finish Conversation' comes back with it). What is
 * built from it (the preview) is made again on return.
 */
export type WizardStep = 1 | 2 | 3;

export interface WizardDraft {
  step: WizardStep;
  parts: Parts;
  /** The snapshot of the originals (or of the preset) that Reset restores. */
  originals: Parts;
  names: Partial<Record<NameKey, string>>;
  /** Admins' visibility flags: true = public. */
  visibility: Partial<Record<NameKey, boolean>>;
  /** The LEIA the design was made from; how step 3 saves each item, and its change note. */
  source?: DesignSource;
  saveAs?: Partial<Record<NameKey, SaveAs>>;
  notes?: Partial<Record<NameKey, string>>;
}

/** The three parts of a LEIA, loaded for 'Design from this'. */
export type WizardPreset = Record<'persona' | 'problem' | 'behaviour', WizardPart>;

export const draftNames = (names: Names): WizardDraft['names'] =>
  Object.fromEntries(
    Object.entries(names).map(([key, field]) => [key, field?.value ?? '']),
  ) as WizardDraft['names'];

export const namesFromDraft = (names: WizardDraft['names']): Names =>
  Object.fromEntries(Object.entries(names).map(([key, value]) => [key, { value: value ?? '', error: null }]));

/** Nothing chosen and nothing typed: not worth keeping. */
export const isEmptyDraft = (draft: WizardDraft): boolean =>
  Object.keys(draft.parts).length === 0 && Object.values(draft.names).every((name) => !name?.trim());

/**
 * Work that putting the design aside would lose: an edited part, or a name or note typed in step 3.
 * The leave question and 'Design from this' over a kept design ask first only then; choices alone
 * are quickly made again.
 */
export const hasEdits = (draft: Pick<WizardDraft, 'parts' | 'names' | 'notes'>): boolean =>
  Object.values(draft.parts).some((part) => part?.edited === true) ||
  [...Object.values(draft.names), ...Object.values(draft.notes ?? {})].some(
    (text) => (text ?? '').trim() !== '',
  );

/** A preset arrives at step 2 with the preset itself as the originals. */
export const draftFromPreset = (preset: WizardPreset): WizardDraft => ({
  step: 2,
  parts: { ...preset },
  originals: { ...preset },
  names: {},
  visibility: {},
});

export const notesFromDraft = (notes: WizardDraft['notes']): Partial<Record<NameKey, NoteField>> =>
  Object.fromEntries(
    Object.entries(notes ?? {}).map(([key, value]) => [key, { value: value ?? '', error: null }]),
  );

const hasAny = (record: object) => Object.keys(record).length > 0;

/** The draft of a design: what is kept of the wizard's context, at `step` (versions only when chosen). */
export const draftOf = (
  context: {
    parts: Parts;
    originals: Parts;
    names: Names;
    visibility: WizardDraft['visibility'];
    source: DesignSource | null;
    saveAs: Partial<Record<NameKey, SaveAs>>;
    notes: Partial<Record<NameKey, NoteField>>;
  },
  step: WizardStep,
): WizardDraft => {
  const notes = Object.fromEntries(
    Object.entries(context.notes).flatMap(([key, note]) => (note?.value ? [[key, note.value]] : [])),
  );
  return {
    step,
    parts: context.parts,
    originals: context.originals,
    names: draftNames(context.names),
    visibility: context.visibility,
    ...(context.source && { source: context.source }),
    ...(hasAny(context.saveAs) && { saveAs: context.saveAs }),
    ...(hasAny(notes) && { notes }),
  };
};
