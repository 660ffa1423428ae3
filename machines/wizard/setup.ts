import { canDelete } from '@shared/permissions';
import { DEFAULT_BUMP } from '@shared/semver';
import { assertEvent, assign as assignWith, fromPromise, setup } from 'xstate';
import { failureMessage } from '../failure';
import { NAME_CHECK_DEBOUNCE_MS, nameCheckMachine } from '../nameCheck';
import { notProvided } from '../notProvided';
import type {
  CreateLeiaInput,
  CreatePartInput,
  DesignCheckEmitted,
  DiscardQuestionEmitted,
  LatestRequest,
  TryRequest,
  WizardContext,
  WizardEmitted,
  WizardEvent,
  WizardInput,
} from './contract';
import { WIZARD_TEXTS } from './contract';
import { draftFromPreset, draftOf, hasEdits, namesFromDraft, notesFromDraft, type WizardStep } from './draft';
import { NAME_TEXTS, nameOf, nameProblem, namesReady, withFields, withRequiredErrors } from './names';
import {
  activeNameKeys,
  allChosen,
  editedKinds,
  generatePreview,
  isEdited,
  type NameKey,
  type PartKind,
  type Parts,
  publishes,
  runnerBody,
  savedPart,
} from './parts';
import {
  type LatestVersion,
  mayVersion,
  namedKeys,
  noteProblem,
  notesReady,
  targetOf,
  versionBase,
} from './versions';

/**
 * The implementations the design wizard's flow (machines/wizard/machine.ts) names: its IO stubs, and the
 * context updates and guards, each one rule of the wizard (docs/architecture.md, "The design wizard").
 */

export const nameCheckId = (key: NameKey) => `nameCheck.${key}`;

/** What an admin's create call sends as `publish`; others send none. */
export const publishFlag = (context: WizardContext, key: NameKey) =>
  context.viewer.publishes ? publishes(context.visibility, key) : undefined;

/** The next edited part without a resource created for it under its current name and version. */
export const nextNewPart = (context: WizardContext): PartKind | undefined =>
  editedKinds(context.parts).find((kind) => {
    const made = context.created[kind];
    const target = targetOf(context, kind);
    return made?.name !== target.name || made.version !== target.version;
  });

/** The keys whose name is asked for now (those not saved as a new version). */
const namedNow = (context: WizardContext) => namedKeys(context, activeNameKeys(context.parts));

/** The first field of step 3, in its order, whose name or change note is in error. */
const firstInError = (context: WizardContext): WizardContext['focus'] => {
  for (const key of activeNameKeys(context.parts)) {
    if (namedNow(context).includes(key) && context.names[key]?.error) return { key, field: 'name' };
    if (context.notes[key]?.error) return { key, field: 'note' };
  }
  return null;
};

/** Step 3 asks for the latest version of each item the viewer may version. */
export const latestRequest = (context: WizardContext): LatestRequest =>
  activeNameKeys(context.parts).flatMap((key) => {
    const base = versionBase(context, key);
    return base && mayVersion(context, key) ? [{ key, kind: key, id: base.id }] : [];
  });

/**
 * The design a visit starts with: a preset ('Design from this'), else the kept draft. A preset over
 * a draft with unsaved edits waits in `incoming` (the draft shows meanwhile) until the user answers.
 */
export const initialContext = ({ viewer, draft, preset, source }: WizardInput): WizardContext => {
  const waits = preset != null && draft != null && hasEdits(draft);
  const fromPreset = preset != null && !waits;
  const start = fromPreset ? draftFromPreset(preset) : draft;
  const kept = fromPreset ? null : draft;
  return {
    viewer,
    restoredStep: start?.step ?? 1,
    parts: start?.parts ?? {},
    originals: start?.originals ?? {},
    names: namesFromDraft(start?.names ?? {}),
    visibility: viewer.publishes ? (start?.visibility ?? {}) : {},
    source: (fromPreset ? source : kept?.source) ?? null,
    incoming: waits ? { preset, source: source ?? null } : null,
    saveAs: kept?.saveAs ?? {},
    notes: notesFromDraft(kept?.notes),
    latest: {},
    generation: null,
    created: {},
    verifying: [],
    pageError: null,
    focus: null,
  };
};

/** The engine made a LEIA of the design, without errors (what Try, Next and a leak check need). */
export const isGenerated = (context: WizardContext): boolean =>
  context.generation?.leia != null && context.generation.errors.length === 0;

/** The design as POST /runner/initialize takes it: Try's body, and a leak check's. */
export const designBody = (context: WizardContext) =>
  runnerBody(context.parts as Required<Parts>, context.viewer, nameOf(context.names, 'leia'));

/** The design on screen as a leak check takes it: Try's body, and the LEIA's name ('' until typed). */
export const checkedDesign = (context: WizardContext) => {
  const design = designBody(context);
  return { design, name: design.metadata?.name ?? '' };
};

/** Try from a step: the generated LEIA's parts, and the draft for the chat to bring back. */
export const tryParams =
  (step: WizardStep) =>
  ({ context }: { context: WizardContext }): TryRequest => {
    const description = context.generation?.leia?.problem.spec.description;
    return {
      body: designBody(context),
      draft: draftOf(context, step),
      ...(typeof description === 'string' ? { problemDescription: description } : {}),
    };
  };

/** Drops the record of a part created earlier: its content changed, so it is not that part any more. */
const withoutCreated = (context: WizardContext, kind: PartKind) => {
  const { [kind]: _stale, ...created } = context.created;
  return created;
};

const base = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
  },
  actors: {
    nameCheck: nameCheckMachine,
    createResource: fromPromise<{ id: string }, CreatePartInput>(async () =>
      notProvided('wizard', 'createResource'),
    ),
    createLeia: fromPromise<{ id: string }, CreateLeiaInput>(async () => notProvided('wizard', 'createLeia')),
    /** GET .../{id}/versions of each: its newest entry (or none when it cannot be read). */
    loadLatest: fromPromise<Partial<Record<NameKey, LatestVersion>>, LatestRequest>(async () =>
      notProvided('wizard', 'loadLatest'),
    ),
  },
  actions: {
    /** Starts a chat session with the request and opens it (the app's startSession actor). */
    startTry: (_, _params: TryRequest) => notProvided('wizard', 'startTry'),
    /** Forgets the kept draft, says so, and goes to /leias. */
    finished: (_, _params: { id: string; name: string }) => notProvided('wizard', 'finished'),
  },
});

/** The part a part.edit, part.history or part.delete names: the listed one to delete, else the chosen one. */
const openedPart = (
  type: WizardEmitted['type'],
  context: WizardContext,
  event: WizardEvent,
): WizardEmitted => {
  const kind = (event as { kind: PartKind }).kind;
  return { type, kind, part: event.type === 'part.delete' ? event.part : context.parts[kind]! };
};

// Typed for this machine; the two updates that take params use xstate's own assign.
const { assign, emit, enqueueActions } = base;

export const wizardSetup = base.extend({
  actions: {
    logNoLeia: () => console.error(WIZARD_TEXTS.noGeneratedLeia),
    /** Ask the screen to open the part's editor, its History, or the delete dialog (WizardEmitted). */
    openEditor: emit(({ context, event }) => openedPart('open.editor', context, event)),
    openHistory: emit(({ context, event }) => openedPart('open.history', context, event)),
    openDelete: emit(({ context, event }) => openedPart('open.delete', context, event)),
    /** Ask the screen to open the leak check of the design as it is (DesignCheckEmitted). */
    openCheck: emit(({ context }): DesignCheckEmitted => ({ type: 'open.check', ...checkedDesign(context) })),
    /** A card chosen in step 1; choosing the chosen one again keeps its edits. */
    select: assign(({ context, event }) => {
      assertEvent(event, 'part.select');
      if (context.parts[event.kind]?.id === event.part.id) return {};
      return { parts: { ...context.parts, [event.kind]: { ...event.part, edited: false } } };
    }),
    /** A deleted resource that was chosen is chosen no more. */
    forgetDeleted: assign(({ context, event }) => {
      assertEvent(event, 'part.deleted');
      if (context.parts[event.kind]?.id !== event.id) return {};
      const { [event.kind]: _part, ...parts } = context.parts;
      const { [event.kind]: _original, ...originals } = context.originals;
      return { parts, originals };
    }),
    /** Step 1 -> 2: the originals that Reset restores (an edited part keeps its earlier original). */
    snapshotOriginals: assign(({ context }) => ({
      originals: Object.fromEntries(
        Object.entries(context.parts).map(([kind, part]) => [
          kind,
          isEdited(part) ? (context.originals[kind as PartKind] ?? part) : part,
        ]),
      ),
    })),
    /** The shared engine on the parts: a LEIA, or the errors and no LEIA. */
    generate: assign(({ context }) => ({
      generation: generatePreview(context.parts, WIZARD_TEXTS.unknownGenerationError),
    })),
    savePart: assign(({ context, event }) => {
      assertEvent(event, 'part.save');
      const part = savedPart(context.parts[event.kind]!, context.originals[event.kind], event);
      return {
        parts: { ...context.parts, [event.kind]: part },
        created: withoutCreated(context, event.kind),
      };
    }),
    resetPart: assign(({ context, event }) => {
      assertEvent(event, 'part.reset');
      return {
        parts: { ...context.parts, [event.kind]: context.originals[event.kind] },
        created: withoutCreated(context, event.kind),
      };
    }),
    /** Step 2 -> 3: a blank name for the LEIA and each edited part (names typed before are kept). */
    prepareNames: assign(({ context }) => ({
      names: withFields(context.names, activeNameKeys(context.parts)),
    })),
    /** Typing clears the field's error; a filled name is checked after a pause (the older check stops). */
    changeName: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'name.change');
      const name = event.value.trim();
      const error = name === '' ? null : nameProblem(event.value);
      enqueue.assign({ names: { ...context.names, [event.key]: { value: event.value, error } } });
      enqueue.stopChild(nameCheckId(event.key));
      const ours = event.key !== 'leia' && context.created[event.key]?.name === name;
      if (name === '' || error || ours) return;
      enqueue.spawnChild('nameCheck', {
        id: nameCheckId(event.key),
        input: { key: event.key, name, delayMs: NAME_CHECK_DEBOUNCE_MS },
      });
    }),
    /** A check's answer: 'Name already exists', 'Failed to check name existence', or no error. */
    nameReported: assign(({ context, event }) => {
      assertEvent(event, ['name.checked', 'name.checkFailed']);
      const field = context.names[event.key];
      const verifying = context.verifying.filter((key) => key !== event.key);
      // A report about a name that has changed since is stale.
      if (!field || field.value.trim() !== event.name) return { verifying };
      const error =
        event.type === 'name.checkFailed' ? NAME_TEXTS.checkFailed : event.exists ? NAME_TEXTS.exists : null;
      return { names: { ...context.names, [event.key]: { ...field, error } }, verifying };
    }),
    requireNames: assign(({ context }) => {
      const names = withRequiredErrors(context.names, namedNow(context));
      return { names, focus: firstInError({ ...context, names }) };
    }),
    /** Finish checks every name asked for again, at once (a part created by an earlier attempt is ours). */
    verifyNames: enqueueActions(({ context, enqueue }) => {
      const keys = namedNow(context).filter(
        (key) => key === 'leia' || context.created[key]?.name !== nameOf(context.names, key),
      );
      enqueue.assign({ verifying: keys, pageError: null });
      for (const key of keys) {
        enqueue.stopChild(nameCheckId(key));
        enqueue.spawnChild('nameCheck', {
          id: nameCheckId(key),
          input: { key, name: nameOf(context.names, key), delayMs: 0 },
        });
      }
    }),
    setVisibility: assign(({ context, event }) => {
      assertEvent(event, 'visibility.set');
      return { visibility: { ...context.visibility, [event.key]: event.value } };
    }),
    rememberCreated: assignWith(({ context }, { kind, id }: { kind: PartKind; id: string }) => ({
      created: { ...context.created, [kind]: { id, ...targetOf(context, kind) } },
    })),
    setSaveMode: assign(({ context, event }) => {
      assertEvent(event, 'saveAs.mode');
      const current = context.saveAs[event.key];
      return {
        saveAs: { ...context.saveAs, [event.key]: { bump: DEFAULT_BUMP, ...current, mode: event.mode } },
      };
    }),
    setBump: assign(({ context, event }) => {
      assertEvent(event, 'saveAs.bump');
      return { saveAs: { ...context.saveAs, [event.key]: { mode: 'version' as const, bump: event.bump } } };
    }),
    changeNote: assign(({ context, event }) => {
      assertEvent(event, 'note.change');
      return {
        notes: { ...context.notes, [event.key]: { value: event.value, error: noteProblem(event.value) } },
      };
    }),
    rememberLatest: assignWith((_, latest: Partial<Record<NameKey, LatestVersion>>) => ({ latest })),
    showFailure: assignWith((_, params: { message: string; error: unknown }) => ({
      pageError: { message: params.message, detail: failureMessage(params.error, '') || undefined },
    })),
    /** 'Replace': the waiting preset becomes the design (as if it had arrived alone). */
    takePreset: assign(({ context }) => initialContext({ viewer: context.viewer, ...context.incoming })),
    /** 'Keep my design': the waiting preset is dropped. */
    dropPreset: assign({ incoming: null }),
    /** Ask the screen to ask 'Discard this design?' (DiscardQuestionEmitted). */
    askDiscard: emit((): DiscardQuestionEmitted => ({ type: 'ask.discard' })),
    /** Back to an empty step 1 (the explicit discard). */
    discard: enqueueActions(({ context, enqueue }) => {
      for (const key of Object.keys(context.names) as NameKey[]) enqueue.stopChild(nameCheckId(key));
      enqueue.assign(initialContext({ viewer: context.viewer }));
    }),
  },
  guards: {
    allChosen: ({ context }) => allChosen(context.parts),
    generated: ({ context }) => isGenerated(context),
    canSave: ({ context, event }) =>
      event.type === 'part.save' &&
      context.parts[event.kind] !== undefined &&
      (event.kind !== 'behaviour' || context.viewer.seesBehaviour),
    canReset: ({ context, event }) => event.type === 'part.reset' && isEdited(context.parts[event.kind]),
    /** Edit a chosen part; a behaviour only for those who may see behaviours. */
    mayEdit: ({ context, event }) =>
      event.type === 'part.edit' &&
      context.parts[event.kind] !== undefined &&
      (event.kind !== 'behaviour' || context.viewer.seesBehaviour),
    /** Every chosen part has a History, a behaviour's too (its versions as metadata only). */
    hasHistory: ({ context, event }) =>
      event.type === 'part.history' && context.parts[event.kind] !== undefined,
    /** Delete a listed resource: its owner or an admin (canDelete). */
    mayDelete: ({ context, event }) =>
      event.type === 'part.delete' && canDelete(context.viewer.actor, event.part),
    namesReady: ({ context }) => namesReady(context.names, namedNow(context)) && notesReady(context.notes),
    verified: ({ context }) => context.verifying.length === 0 && namesReady(context.names, namedNow(context)),
    /** 'New version of' only for what the viewer may version; 'New name' always. */
    mayChooseMode: ({ context, event }) =>
      event.type === 'saveAs.mode' && (event.mode === 'name' || mayVersion(context, event.key)),
    mayBump: ({ context, event }) => event.type === 'saveAs.bump' && mayVersion(context, event.key),
    verificationDone: ({ context }) => context.verifying.length === 0,
    partLeft: ({ context }) => nextNewPart(context) !== undefined,
    mayPublish: ({ context, event }) =>
      event.type === 'visibility.set' &&
      context.viewer.publishes &&
      (event.key === 'leia' || context.visibility.leia !== true),
    presetWaits: ({ context }) => context.incoming !== null,
    /** Work that starting over would lose (the rule of the `hasUnsavedEdits` selector, at that step). */
    unsaved: ({ context }, { step }: { step: WizardStep }) => hasEdits(draftOf(context, step)),
    restoresCreate: ({ context }) => context.restoredStep === 3 && allChosen(context.parts),
    restoresEdit: ({ context }) => context.restoredStep >= 2 && allChosen(context.parts),
  },
});
