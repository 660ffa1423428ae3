import { type Actor, canSeeBehaviour } from '@shared/permissions';
import { type ActionDefinition, actionsOf } from '../action';
import { LEAK_CHECK_KEYWORDS } from '../leakCheck/actions';
import { LEAK_CHECK_VIEW_TEXTS } from '../leakCheck/contract';
import type { StartSessionEvent } from '../startSession';
import { TRY_SESSION_KEY, WIZARD_COMMAND_REASONS, WIZARD_TEXTS, type WizardEvent } from './contract';
import type { WizardSnapshot } from './machine';
import { PART_KINDS, type PartKind, type WizardPart } from './parts';
import { isFinishing, wizardStep } from './selectors';

/**
 * The wizard's actions (machines/action.ts): its steps (Next step, Previous step, Finish, Try this
 * design, Design a new LEIA, Check this design) and what is done with a part (Select and Delete in step 1; Edit, Reset and History in
 * step 2). When each can run is the machine's (`snapshot.can`); why not is read from where the
 * flow is (its selectors).
 */

const GROUP = 'Design';
const defineAction = actionsOf<WizardEvent, WizardSnapshot>();
const signedIn = (actor: Actor | null) => actor !== null;

export const nextStep = defineAction({
  id: 'wizard.next',
  label: 'Next',
  title: 'Next step',
  group: GROUP,
  keywords: ['forward', 'continue'],
  shortcut: 'Ctrl+Enter',
  allowed: signedIn,
  type: 'wizard.next',
  event: () => ({ type: 'wizard.next' }),
  unavailable: (s) => {
    const step = wizardStep(s);
    if (step === 1) return WIZARD_TEXTS.missing;
    return step === 2 ? WIZARD_COMMAND_REASONS.generationError : WIZARD_COMMAND_REASONS.lastStep;
  },
});

export const previousStep = defineAction({
  id: 'wizard.previous',
  label: 'Previous',
  title: 'Previous step',
  group: GROUP,
  keywords: ['back'],
  allowed: signedIn,
  type: 'wizard.previous',
  event: () => ({ type: 'wizard.previous' }),
  unavailable: (s) =>
    wizardStep(s) === 1 ? WIZARD_COMMAND_REASONS.firstStep : WIZARD_COMMAND_REASONS.finishing,
});

export const finish = defineAction({
  id: 'wizard.finish',
  label: 'Finish',
  title: 'Finish',
  group: GROUP,
  keywords: ['create', 'save', 'done'],
  shortcut: 'Ctrl+Enter',
  allowed: signedIn,
  type: 'wizard.finish',
  event: () => ({ type: 'wizard.finish' }),
  unavailable: (s) => {
    if (wizardStep(s) !== 3) return WIZARD_COMMAND_REASONS.notCreating;
    return isFinishing(s) ? WIZARD_COMMAND_REASONS.finishing : WIZARD_COMMAND_REASONS.lastStep;
  },
});

export const tryDesign = defineAction({
  id: 'wizard.try',
  label: 'Try',
  title: 'Try this design',
  group: GROUP,
  keywords: ['chat', 'test', 'run', 'session'],
  allowed: signedIn,
  type: 'wizard.try',
  event: () => ({ type: 'wizard.try' }),
  unavailable: WIZARD_COMMAND_REASONS.nothingToTry,
});

/**
 * 'Design a new LEIA' (Start over on the wizard's nav; in the palette it replaces the menu's command
 * while here): empties the design, asking first when there are unsaved edits. Not while the LEIA
 * is being created.
 */
export const startOver = defineAction({
  id: 'nav.design',
  label: 'Start over',
  title: 'Design a new LEIA',
  group: GROUP,
  keywords: ['start over', 'discard', 'new', 'wizard', 'create'],
  allowed: signedIn,
  type: 'wizard.startOver',
  event: () => ({ type: 'wizard.startOver' }),
  unavailable: WIZARD_COMMAND_REASONS.finishing,
});

/**
 * 'Check this design' (steps 2 and 3, once the design is generated): the wizard emits `open.check`
 * and the screen opens the leak check with it, whose own machine may still wait (a check starting).
 * Listed under the leak check's id, as before it moved here.
 */
export const checkThisDesign = defineAction({
  id: 'evaluation.checkDesign',
  label: LEAK_CHECK_VIEW_TEXTS.button,
  title: LEAK_CHECK_VIEW_TEXTS.button,
  group: GROUP,
  keywords: LEAK_CHECK_KEYWORDS,
  allowed: signedIn,
  type: 'design.check',
  event: () => ({ type: 'design.check' }),
  unavailable: (s) =>
    wizardStep(s) === 1 ? LEAK_CHECK_VIEW_TEXTS.chooseParts : LEAK_CHECK_VIEW_TEXTS.notGenerated,
});

/**
 * Try's session start, asked of machines/startSession.ts, whose guard refuses to start again what
 * is starting: while the wizard's Try starts, Try waits with 'Starting...'. Not a command of its
 * own: Try's button and command read it (the wizard's `tryDesign` says whether there is a LEIA).
 */
export const tryStart = actionsOf<StartSessionEvent>()({
  id: 'wizard.try.start',
  label: tryDesign.label,
  title: tryDesign.title,
  group: GROUP,
  allowed: signedIn,
  type: 'session.start',
  event: () => ({ type: 'session.start', request: { key: TRY_SESSION_KEY, body: {} } }),
  unavailable: WIZARD_COMMAND_REASONS.starting,
});

/** One definition per part kind ('Select persona...', 'Select problem...', 'Select behaviour...'). */
const perKind = <Target>(
  define: (kind: PartKind) => ActionDefinition<Target, WizardEvent>,
): Record<PartKind, ActionDefinition<Target, WizardEvent>> =>
  Object.fromEntries(PART_KINDS.map((kind) => [kind, define(kind)])) as Record<
    PartKind,
    ActionDefinition<Target, WizardEvent>
  >;

const capitalised = (kind: PartKind) => `${kind[0]?.toUpperCase()}${kind.slice(1)}`;
/** A behaviour is edited only by those who may see behaviours (the machine's guards agree). */
const mayEditKind = (kind: PartKind) => (kind === 'behaviour' ? canSeeBehaviour : signedIn);

/** Step 1: a card of a list chosen as the design's part. */
export const selectPart = perKind((kind) =>
  defineAction<WizardPart>({
    id: `wizard.select.${kind}`,
    label: 'Select',
    title: `Select ${kind}...`,
    group: GROUP,
    keywords: ['choose', 'pick', capitalised(kind)],
    allowed: signedIn,
    type: 'part.select',
    event: (part) => ({ type: 'part.select', kind, part }),
    unavailable: WIZARD_COMMAND_REASONS.notSelecting,
  }),
);

/** Step 1: the delete dialog of a listed resource (its owner or an admin: the `mayDelete` guard). */
export const deletePart = perKind((kind) =>
  defineAction<WizardPart>({
    id: `wizard.delete.${kind}`,
    label: 'Delete',
    title: `Delete ${kind}...`,
    group: GROUP,
    keywords: ['remove', 'resource'],
    allowed: signedIn,
    type: 'part.delete',
    event: (part) => ({ type: 'part.delete', kind, part }),
    unavailable: WIZARD_COMMAND_REASONS.notSelecting,
  }),
);

/** Step 2: the part's editor. */
export const editPart = perKind((kind) =>
  defineAction({
    id: `wizard.edit.${kind}`,
    label: 'Edit',
    title: `Edit ${kind}`,
    group: GROUP,
    keywords: ['change', 'customise', 'json'],
    allowed: mayEditKind(kind),
    type: 'part.edit',
    event: () => ({ type: 'part.edit', kind }),
    unavailable: WIZARD_COMMAND_REASONS.notEditing,
  }),
);

/** Step 2: an edited part back to the one chosen. */
export const resetPart = perKind((kind) =>
  defineAction({
    id: `wizard.reset.${kind}`,
    label: 'Reset',
    title: `Reset ${kind}`,
    group: GROUP,
    keywords: ['undo', 'original', 'revert'],
    allowed: mayEditKind(kind),
    type: 'part.reset',
    event: () => ({ type: 'part.reset', kind }),
    unavailable: (s) =>
      wizardStep(s) === 2 ? WIZARD_COMMAND_REASONS.notEdited : WIZARD_COMMAND_REASONS.notEditing,
  }),
);

/** Step 2: the versions of a chosen part's name (everyone's, a behaviour's as metadata only). */
export const partHistory = defineAction<PartKind>({
  id: 'wizard.history',
  label: 'History',
  title: 'Show history...',
  group: GROUP,
  keywords: ['versions', 'diff', 'compare', 'restore', 'changes'],
  allowed: signedIn,
  type: 'part.history',
  event: (kind) => ({ type: 'part.history', kind }),
  unavailable: WIZARD_COMMAND_REASONS.historyOnEdit,
});
