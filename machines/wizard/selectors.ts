import { REPLACE_DESIGN_TEXTS } from './contract';
import { draftOf, hasEdits, isEmptyDraft, type WizardDraft, type WizardStep } from './draft';
import type { WizardSnapshot } from './machine';
import { type NameField, namesReady } from './names';
import { activeNameKeys, allChosen, type NameKey, partsMadePublic, publishes } from './parts';
import { checkedDesign, isGenerated, nameCheckId } from './setup';
import { namedKeys, type SaveAsView, saveAsView } from './versions';

/* Selectors: what the views read from a wizard snapshot. */

export const wizardStep = (s: WizardSnapshot): WizardStep =>
  s.matches('Create') || s.matches('Finished') ? 3 : s.matches('Edit') ? 2 : 1;

export const isFinishing = (s: WizardSnapshot): boolean => s.hasTag('loading') || s.matches('Finished');

/** Whether the forward button (Next, or Finish on step 3) can act now. */
export const canGoForward = (s: WizardSnapshot): boolean =>
  wizardStep(s) === 3 ? s.matches({ Create: 'Naming' }) : s.can({ type: 'wizard.next' });

/** What Next (or Finish on step 3, and Ctrl+Enter anywhere) sends. */
export const forwardEvent = (s: WizardSnapshot) =>
  wizardStep(s) === 3 ? ({ type: 'wizard.finish' } as const) : ({ type: 'wizard.next' } as const);

export const allPartsChosen = (s: WizardSnapshot): boolean => allChosen(s.context.parts);

/** The design to keep (session storage); null once finished or when there is nothing to keep. */
export const wizardDraft = (s: WizardSnapshot): WizardDraft | null => {
  if (s.matches('Finished')) return null;
  // While the replace question is open the kept design stays as it was, at its own step.
  const step = s.matches('ReplaceQuestion') ? s.context.restoredStep : wizardStep(s);
  const draft = draftOf(s.context, step);
  return isEmptyDraft(draft) ? null : draft;
};

/** Work that leaving /create would put aside: an edited part, or a name or note typed in step 3. */
export const hasUnsavedEdits = (s: WizardSnapshot): boolean =>
  !s.matches('Finished') && hasEdits(draftOf(s.context, wizardStep(s)));

/** 'Replace the design in progress?' while a preset waits for the answer, else null. */
export const replaceQuestion = (s: WizardSnapshot) =>
  s.matches('ReplaceQuestion')
    ? {
        title: REPLACE_DESIGN_TEXTS.title,
        message: REPLACE_DESIGN_TEXTS.message(s.context.incoming?.source?.name),
        accept: REPLACE_DESIGN_TEXTS.accept,
        cancel: REPLACE_DESIGN_TEXTS.cancel,
      }
    : null;

/**
 * The design on screen for a leak check: what Try sends (stored parts by id, edited ones as
 * unsaved edits) and the LEIA's name if one is typed; null while it cannot be generated.
 */
export const designToCheck = (s: WizardSnapshot) => {
  // Step 1's choices may differ from the last generated design: it is generated again on step 2.
  return s.matches('Selection') || !isGenerated(s.context) ? null : checkedDesign(s.context);
};

/** Whether the design on screen is generated (so it can be tried, checked, saved). */
export const designGenerated = (s: WizardSnapshot): boolean =>
  !s.matches('Selection') && isGenerated(s.context);

/** The step 3 name fields: the LEIA's, then each edited part's. */
export const nameFields = (s: WizardSnapshot): { key: NameKey; field: NameField }[] =>
  activeNameKeys(s.context.parts).map((key) => ({
    key,
    field: s.context.names[key] ?? { value: '', error: null },
  }));

export const namesComplete = (s: WizardSnapshot): boolean =>
  namesReady(s.context.names, namedKeys(s.context, activeNameKeys(s.context.parts)));

/** How step 3 saves each item: a new name, or 'New version of {name}' with its bumps; its note. */
export const saveAsFields = (s: WizardSnapshot): SaveAsView[] =>
  activeNameKeys(s.context.parts).map((key) => saveAsView(s.context, key));

/** A check of this name is waiting or under way. */
export const isCheckingName = (s: WizardSnapshot, key: NameKey): boolean =>
  s.children[nameCheckId(key)]?.getSnapshot().status === 'active';

/** Whether an admin's toggle for `key` shows public, and whether the public LEIA locks it. */
export const visibilityOf = (s: WizardSnapshot, key: NameKey) => ({
  isPublic: publishes(s.context.visibility, key),
  locked: key !== 'leia' && s.context.visibility.leia === true,
});

/** Admins' toggles of step 3: the LEIA's (the master toggle), then each edited part's. */
export const visibilityToggles = (s: WizardSnapshot) =>
  activeNameKeys(s.context.parts).map((key) => ({ key, ...visibilityOf(s, key) }));

/** The parts a public LEIA turns public (listed beside the master toggle). */
export const madePublic = (s: WizardSnapshot) => partsMadePublic(s.context.parts, s.context.visibility);
