import type { Actor } from '@shared/permissions';
import { actionsOf } from '../action';
import { WIZARD_COMMAND_REASONS, WIZARD_TEXTS, type WizardEvent } from './contract';
import type { WizardSnapshot } from './machine';
import { isFinishing, wizardStep } from './selectors';

/**
 * The wizard's steps as actions (machines/action.ts): Next step, Previous step, Finish and Try this
 * design. When each can run is the machine's (`snapshot.can`); why not is read from where the flow
 * is (its selectors).
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
