import { cleanupForSave } from '@shared/resource-cleanup';
import type { SnapshotFrom } from 'xstate';
import type { WizardContext } from './contract';
import { WIZARD_TEXTS } from './contract';
import type { PartKind } from './parts';
import { initialContext, latestRequest, nextNewPart, publishFlag, tryParams, wizardSetup } from './setup';
import { noteOf, targetOf } from './versions';

/** POST /{kind}s for an edited part: cleaned up, under its name and version, with its note and origin. */
const partBody = (context: WizardContext, kind: PartKind) => {
  const part = context.parts[kind]!;
  const target = targetOf(context, kind);
  const note = noteOf(context, kind);
  return {
    ...cleanupForSave(part, target.name),
    metadata: target,
    ...(note && { note }),
    derivedFrom: part.id,
  };
};

/** POST /leias: its name and version, the part ids, its note and the LEIA it was designed from. */
const leiaBody = (context: WizardContext) => {
  const note = noteOf(context, 'leia');
  return {
    metadata: targetOf(context, 'leia'),
    spec: {
      persona: context.created.persona?.id ?? context.parts.persona!.id,
      problem: context.created.problem?.id ?? context.parts.problem!.id,
      behaviour: context.created.behaviour?.id ?? context.parts.behaviour!.id,
    },
    ...(note && { note }),
    ...(context.source && { derivedFrom: context.source.id }),
  };
};

/**
 * The design wizard (route /create). The flow:
 *
 *   Starting --> Selection | Edit | Create   (a preset arrives at Edit; a kept draft at its step)
 *   Starting --> ReplaceQuestion  (a preset over a kept draft with unsaved edits: the draft shows)
 *     --preset.replace--> Starting with the preset   --preset.keep--> Starting with the draft
 *   Selection --wizard.next [all three chosen] / snapshot the originals--> Edit
 *   Edit: generates on entry and after each save or reset (the shared engine, as on the server)
 *     --part.save [may edit that part] / part.reset [edited]--> Edit
 *     --part.edit [chosen, may edit] / part.history [chosen]--> emits open.editor / open.history
 *   Selection --part.delete [owner or admin]--> emits open.delete (the screen's delete dialog)
 *     --wizard.next [a generated LEIA, no error] / blank names for the LEIA and the edited parts--> Create
 *   Create.Naming --name.change--> a check of that name after a pause (child machine nameCheck)
 *     --wizard.finish [every name filled, no error]--> Finishing; else 'Name is required' on blanks
 *   Create.Finishing: Verifying (every name checked again) -> NextPart -> CreatingPart (each edited
 *     part, cleaned up, created once) -> CreatingLeia (with the part ids) -> Finished (to /leias).
 *     A failure goes back to Naming with its message ('Failed to create persona resource',
 *     'Failed to create LEIA'); a part already created is never created again.
 *   wizard.previous goes back a step, down to Selection; wizard.discard empties the design.
 *   Selection, Edit, Create.Naming --wizard.startOver [unsaved edits]--> emits ask.discard (the
 *     screen asks 'Discard this design?', whose Discard sends wizard.discard); else as wizard.discard
 *   Edit, Create --design.check [a generated LEIA, no error]--> emits open.check (the leak check)
 *
 * Try (steps 2 and 3) starts a chat with the generated LEIA and carries the draft along; with no
 * generated LEIA it logs an error and does nothing. The app provides the IO (machines/wizard/setup.ts):
 * `createResource`, `createLeia`, `nameCheck`'s `nameExists`, and the actions `startTry`, `finished`.
 * The lists of step 1 (machines/resourceLists.ts) and the part editor (machines/partEditor.ts) are
 * actors of their own that send their results here.
 */
export const wizardMachine = wizardSetup.createMachine({
  id: 'wizard',
  context: ({ input }) => initialContext(input),
  initial: 'Starting',
  states: {
    Starting: {
      always: [
        { guard: 'presetWaits', target: 'ReplaceQuestion' },
        { guard: 'restoresCreate', target: 'Create', actions: 'prepareNames' },
        { guard: 'restoresEdit', target: 'Edit' },
        { target: 'Selection' },
      ],
    },
    // Nothing typed is lost: 'Design from this' never replaces unsaved edits without asking.
    ReplaceQuestion: {
      on: {
        'preset.replace': { target: 'Starting', actions: 'takePreset' },
        'preset.keep': { target: 'Starting', actions: 'dropPreset' },
      },
    },
    Selection: {
      on: {
        'part.select': { actions: 'select' },
        'part.deleted': { actions: 'forgetDeleted' },
        'part.delete': { guard: 'mayDelete', actions: 'openDelete' },
        'wizard.next': { guard: 'allChosen', target: 'Edit', actions: 'snapshotOriginals' },
        'wizard.startOver': [
          { guard: { type: 'unsaved', params: { step: 1 } }, actions: 'askDiscard' },
          { actions: 'discard' },
        ],
        'wizard.discard': { actions: 'discard' },
      },
    },
    Edit: {
      entry: 'generate',
      on: {
        'part.save': { guard: 'canSave', actions: ['savePart', 'generate'] },
        'part.reset': { guard: 'canReset', actions: ['resetPart', 'generate'] },
        'part.edit': { guard: 'mayEdit', actions: 'openEditor' },
        'part.history': { guard: 'hasHistory', actions: 'openHistory' },
        'wizard.next': { guard: 'generated', target: 'Create', actions: 'prepareNames' },
        'wizard.previous': { target: 'Selection' },
        'wizard.try': [
          { guard: 'generated', actions: { type: 'startTry', params: tryParams(2) } },
          { actions: 'logNoLeia' },
        ],
        'wizard.startOver': [
          { guard: { type: 'unsaved', params: { step: 2 } }, actions: 'askDiscard' },
          { target: 'Selection', actions: 'discard' },
        ],
        'wizard.discard': { target: 'Selection', actions: 'discard' },
        'design.check': { guard: 'generated', actions: 'openCheck' },
      },
    },
    Create: {
      entry: 'generate',
      initial: 'Naming',
      on: {
        'name.checked': { actions: 'nameReported' },
        'name.checkFailed': { actions: 'nameReported' },
        'design.check': { guard: 'generated', actions: 'openCheck' },
      },
      states: {
        Naming: {
          // Which version each 'New version of' follows; without an answer the item's own version is used.
          invoke: {
            src: 'loadLatest',
            input: ({ context }) => latestRequest(context),
            onDone: { actions: { type: 'rememberLatest', params: ({ event }) => event.output } },
            // The versions are a help: without them the choice still works, and the server checks.
            onError: {},
          },
          on: {
            'name.change': { actions: 'changeName' },
            'saveAs.mode': { guard: 'mayChooseMode', actions: 'setSaveMode' },
            'saveAs.bump': { guard: 'mayBump', actions: 'setBump' },
            'note.change': { actions: 'changeNote' },
            'visibility.set': { guard: 'mayPublish', actions: 'setVisibility' },
            'wizard.finish': [{ guard: 'namesReady', target: 'Finishing' }, { actions: 'requireNames' }],
            'wizard.previous': { target: '#wizard.Edit' },
            'wizard.try': [
              { guard: 'generated', actions: { type: 'startTry', params: tryParams(3) } },
              { actions: 'logNoLeia' },
            ],
            'wizard.startOver': [
              { guard: { type: 'unsaved', params: { step: 3 } }, actions: 'askDiscard' },
              { target: '#wizard.Selection', actions: 'discard' },
            ],
            'wizard.discard': { target: '#wizard.Selection', actions: 'discard' },
          },
        },
        Finishing: {
          tags: 'loading',
          initial: 'Verifying',
          states: {
            Verifying: {
              entry: 'verifyNames',
              always: [
                { guard: 'verified', target: 'NextPart' },
                { guard: 'verificationDone', target: '#wizard.Create.Naming' },
              ],
            },
            NextPart: {
              always: [{ guard: 'partLeft', target: 'CreatingPart' }, { target: 'CreatingLeia' }],
            },
            CreatingPart: {
              invoke: {
                id: 'createResource',
                src: 'createResource',
                input: ({ context }) => {
                  const kind = nextNewPart(context)!;
                  return { kind, body: partBody(context, kind), publish: publishFlag(context, kind) };
                },
                onDone: {
                  target: 'NextPart',
                  actions: {
                    type: 'rememberCreated',
                    params: ({ context, event }) => ({ kind: nextNewPart(context)!, id: event.output.id }),
                  },
                },
                onError: {
                  target: '#wizard.Create.Naming',
                  actions: {
                    type: 'showFailure',
                    params: ({ context, event }) => ({
                      message: WIZARD_TEXTS.createPartFailed(nextNewPart(context)!),
                      error: event.error,
                    }),
                  },
                },
              },
            },
            CreatingLeia: {
              invoke: {
                id: 'createLeia',
                src: 'createLeia',
                input: ({ context }) => ({ body: leiaBody(context), publish: publishFlag(context, 'leia') }),
                onDone: {
                  target: '#wizard.Finished',
                  actions: {
                    type: 'finished',
                    params: ({ context, event }) => ({
                      id: event.output.id,
                      name: targetOf(context, 'leia').name,
                    }),
                  },
                },
                onError: {
                  target: '#wizard.Create.Naming',
                  actions: {
                    type: 'showFailure',
                    params: ({ event }) => ({ message: WIZARD_TEXTS.createLeiaFailed, error: event.error }),
                  },
                },
              },
            },
          },
        },
      },
    },
    Finished: { type: 'final' },
  },
});

export type WizardMachine = typeof wizardMachine;
export type WizardSnapshot = SnapshotFrom<WizardMachine>;
