import {
  type DesignLeakCheckBody,
  type Job,
  type JobProgressEvent,
  type LeakCheckStyle,
  leakCheckBodySchema,
  leakCheckStyles,
} from '@shared/schemas/leak-check';

/** The leak check's texts, types and form rules (the flow is machines/leakCheck/machine.ts). */

export const LEAK_CHECK_VIEW_TEXTS = {
  button: 'Check this design',
  title: (name: string) => (name ? `Leak check: ${name}` : 'Leak check'),
  intro:
    'Simulated students interview this LEIA in three styles, and each interview is scored by how much of the solution it revealed, and when.',
  start: 'Start check',
  starting: 'Starting...',
  loading: 'Loading...',
  running: 'Checking...',
  progress: (done: number, total: number) => `${done} of ${total} interview turns`,
  cancel: 'Cancel check',
  cancelling: 'Cancelling...',
  again: 'Check again',
  settings: 'Change settings',
  unsavedDesign: 'this design (not saved)',
  designAsItIs:
    'The check interviews the design as it is now, with your unsaved edits; after more edits, check it again.',
  notGenerated: 'The design cannot be generated yet: fix the errors shown in the preview first.',
  chooseParts: 'Choose the three parts and go on to step 2 to check the design.',
  keepsRunning: 'The check goes on if you close this window: open it again to follow it.',
  startFailed: 'Could not start the check',
  cancelFailed: 'Could not cancel the check',
  listFailed: 'Earlier checks of this LEIA could not be loaded.',
  lost: 'Lost touch with the check; it may still be running on the server.',
  failed: 'The check failed.',
  cancelled: (done: number, total: number) =>
    `The check was cancelled after ${done} of ${total} interview turns.`,
} as const;

export interface LeakCheckLeia {
  id: string;
  name: string;
}

/** A design not saved yet (the wizard's), as POST /runner/initialize takes it. */
export type DesignToCheck = Pick<DesignLeakCheckBody, 'spec' | 'metadata'>;

/** What is checked: a saved LEIA, or a design not saved yet. `name` titles the window. */
export type LeakCheckTarget =
  | ({ kind: 'leia' } & LeakCheckLeia)
  | { kind: 'design'; design: DesignToCheck; name: string };

/** The form as typed: numbers stay text until Start parses them with the shared schema. */
export interface LeakCheckForm {
  runs: string;
  maxTurns: string;
  styles: LeakCheckStyle[];
}

export type LeakCheckField = keyof LeakCheckForm;

export interface LeakCheckContext {
  target: LeakCheckTarget | null;
  form: LeakCheckForm;
  /** The form as the settings showed it when they opened: what the user changed differs from it. */
  formShown: LeakCheckForm;
  errors: Partial<Record<LeakCheckField, string>>;
  job: Job | null;
  progress: { done: number; total: number };
  /** A failure to show (start, cancel, following), or the list that could not load. */
  notice: string | null;
}

export interface FollowJobInput {
  jobId: string;
  onProgress: (event: JobProgressEvent) => void;
}

export interface StartCheckInput {
  target: LeakCheckTarget;
  params: { runs: number; maxTurns: number; styles: LeakCheckStyle[] };
}

export type LeakCheckEvent =
  | { type: 'check.open'; leia: LeakCheckLeia }
  | { type: 'check.design'; design: DesignToCheck; name?: string }
  | { type: 'check.close' }
  | { type: 'check.form'; form: Partial<LeakCheckForm> }
  | { type: 'check.start' }
  | { type: 'check.cancel' }
  | { type: 'check.again' }
  | { type: 'check.settings' }
  | { type: 'check.retry' }
  | ({ type: 'job.progress' } & JobProgressEvent);

export const DEFAULT_LEAK_CHECK_FORM: LeakCheckForm = {
  runs: '2',
  maxTurns: '12',
  styles: [...leakCheckStyles],
};

/** The form as the server's schema reads it. */
export const parseLeakCheckForm = (form: LeakCheckForm) =>
  leakCheckBodySchema.safeParse({
    runs: form.runs.trim() === '' ? Number.NaN : Number(form.runs),
    maxTurns: form.maxTurns.trim() === '' ? Number.NaN : Number(form.maxTurns),
    styles: form.styles,
  });

/** The form's problems, one message per field; empty when it can start. */
export const leakCheckFormErrors = (form: LeakCheckForm): LeakCheckContext['errors'] => {
  const parsed = parseLeakCheckForm(form);
  if (parsed.success) return {};
  const errors: LeakCheckContext['errors'] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as LeakCheckField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
};

/** A job's parameters as the form shows them (Check again). */
export const formOfJob = (job: Job): LeakCheckForm => ({
  runs: String(job.params.runs),
  maxTurns: String(job.params.maxTurns),
  styles: [...job.params.styles],
});
