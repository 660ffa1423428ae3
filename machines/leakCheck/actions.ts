import type { Actor } from '@shared/permissions';
import { actionsOf } from '../action';
import {
  type DesignToCheck,
  LEAK_CHECK_VIEW_TEXTS,
  type LeakCheckEvent,
  type LeakCheckLeia,
} from './contract';

/**
 * What the leak check offers, each defined once (machines/action.ts): its buttons (the View
 * modal's and the wizard's 'Check this design', the window's footer) and its palette commands come
 * from these. When each is available is the machine's (./machine.ts): not while a call's answer is
 * awaited (the checks loading, a check starting or being cancelled).
 */

const defineAction = actionsOf<LeakCheckEvent>();
const signedIn = (actor: Actor | null) => actor !== null;
export const LEAK_CHECK_KEYWORDS = ['leak', 'test', 'simulate', 'students', 'reveal', 'evaluate'];

/** The check of a saved LEIA (the palette asks which: any the user may read). */
export const checkLeia = defineAction<LeakCheckLeia>({
  id: 'evaluation.checkLeia',
  label: LEAK_CHECK_VIEW_TEXTS.button,
  title: 'Check LEIA design...',
  group: 'LEIAs',
  keywords: LEAK_CHECK_KEYWORDS,
  allowed: signedIn,
  type: 'check.open',
  event: (leia) => ({ type: 'check.open', leia }),
  unavailable: LEAK_CHECK_VIEW_TEXTS.running,
});

/**
 * The check of the wizard's design in progress, not saved yet: the event the wizard's 'Check this
 * design' (machines/wizard/actions.ts `checkThisDesign`) leads to, refused while a call is awaited.
 */
export const checkDesign = defineAction<{ design: DesignToCheck; name?: string }>({
  id: 'evaluation.checkDesign',
  label: LEAK_CHECK_VIEW_TEXTS.button,
  title: LEAK_CHECK_VIEW_TEXTS.button,
  group: 'Design',
  keywords: LEAK_CHECK_KEYWORDS,
  allowed: signedIn,
  type: 'check.design',
  event: ({ design, name }) => ({ type: 'check.design', design, ...(name !== undefined && { name }) }),
  unavailable: LEAK_CHECK_VIEW_TEXTS.running,
});

const footerAction = (
  id: string,
  label: string,
  type: 'check.start' | 'check.cancel' | 'check.again' | 'check.settings' | 'check.retry',
  unavailable: string,
) =>
  defineAction({
    id: `evaluation.${id}`,
    label,
    title: label,
    group: 'Leak check',
    allowed: signedIn,
    type,
    event: () => ({ type }),
    unavailable,
  });

export const startCheck = footerAction(
  'start',
  LEAK_CHECK_VIEW_TEXTS.start,
  'check.start',
  LEAK_CHECK_VIEW_TEXTS.starting,
);
export const cancelCheck = footerAction(
  'cancel',
  LEAK_CHECK_VIEW_TEXTS.cancel,
  'check.cancel',
  LEAK_CHECK_VIEW_TEXTS.cancelling,
);
export const checkAgain = footerAction(
  'again',
  LEAK_CHECK_VIEW_TEXTS.again,
  'check.again',
  LEAK_CHECK_VIEW_TEXTS.running,
);
export const changeSettings = footerAction(
  'settings',
  LEAK_CHECK_VIEW_TEXTS.settings,
  'check.settings',
  LEAK_CHECK_VIEW_TEXTS.running,
);
/** Following a check again after the stream was lost. */
export const followAgain = footerAction(
  'retry',
  'Follow it again',
  'check.retry',
  LEAK_CHECK_VIEW_TEXTS.running,
);
