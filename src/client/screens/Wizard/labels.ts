import type { NameKey, PartKind } from '@machines/wizard/parts';
import { PROCESS_LABELS, type ProcessValue, processValues } from '@shared/schemas/resources';

/** The wizard's own labels; flow texts are the machines'. */
export const WIZARD_LABELS = {
  title: 'Design',
  subtitle: 'Create your own LEIAs and test them',
  steps: ['Selection', 'Edit', 'Create'] as const,
  previous: 'Previous',
  next: 'Next',
  finish: 'Finish',
  selectTitle: 'Select Components',
  editTitle: 'Edit',
  createTitle: 'Create your LEIA',
  selected: 'Selected',
  edited: '(edited)',
  edit: 'Edit',
  reset: 'Reset',
  history: 'History',
  preview: 'Real-time Preview',
  finalPreview: 'Final LEIA Preview',
  try: 'Try',
  starting: 'Starting...',
} as const;

/** The heading of the step on screen: focused when the step changes, so the keyboard starts there. */
export const STEP_TITLE_ID = 'wizard-step-title';

/** Step 1 shows the lists in this order: behaviour, problem, persona. */
export const COLUMN_ORDER: readonly PartKind[] = ['behaviour', 'problem', 'persona'];

export const PART_LABEL: Record<PartKind, string> = {
  persona: 'Persona',
  problem: 'Problem',
  behaviour: 'Behaviour',
};

export const LIST_TITLE: Record<PartKind, string> = {
  persona: 'Personas',
  problem: 'Problems',
  behaviour: 'Behaviours',
};

export const SEARCH_PLACEHOLDER: Record<PartKind, string> = {
  persona: 'Search personas...',
  problem: 'Search problems...',
  behaviour: 'Search behaviours...',
};

export const NAME_LABEL: Record<NameKey, string> = {
  leia: 'LEIA name',
  persona: 'Persona name',
  problem: 'Problem name',
  behaviour: 'Behaviour name',
};

/** The legend of each item step 3 saves. */
export const ITEM_LABEL: Record<NameKey, string> = {
  leia: 'LEIA',
  persona: 'Persona',
  problem: 'Problem',
  behaviour: 'Behaviour',
};

export const VISIBILITY_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'private', label: 'Private' },
  { value: 'public', label: 'Public' },
];

export const PROCESS_OPTIONS = [
  { value: 'all', label: 'All' },
  ...processValues.map((value) => ({ value, label: PROCESS_LABELS[value] })),
];

/** 'Req. Elicitation, Game' for a process list; '' when there is none. */
export const processText = (process: unknown): string =>
  Array.isArray(process)
    ? process.map((value) => PROCESS_LABELS[value as ProcessValue] ?? String(value)).join(', ')
    : '';
