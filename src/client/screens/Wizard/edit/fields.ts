import type { SpecIssue } from '@machines/partEditor';

/** The first issue the shared schema reports for a top-level spec field, for that field's error. */
export const fieldError = (issues: readonly SpecIssue[], field: string): string | undefined =>
  issues.find((issue) => issue.path === field || issue.path.startsWith(`${field}.`))?.message;

/** A text field's value as the input shows it ('' when absent or not text). */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The props of a visual field bound to the editor: its value, its change and its error. */
export interface VisualFieldProps {
  value: Record<string, unknown>;
  issues: readonly SpecIssue[];
  onField: (field: string, value: unknown) => void;
}

/** The spec fields each Visual Editor shows with their own error; other issues are listed below it. */
export const VISUAL_FIELDS: Record<'persona' | 'problem' | 'behaviour', ReadonlySet<string>> = {
  persona: new Set([
    'fullName',
    'firstName',
    'description',
    'personality',
    'subjectPronoum',
    'objectPronoum',
    'possesivePronoum',
    'possesiveAdjective',
  ]),
  problem: new Set(['description', 'personaBackground', 'details', 'solution', 'solutionFormat', 'process']),
  behaviour: new Set(['description', 'role', 'process']),
};

/** The issues a view lists apart: all of them in the code editor, those no visual field shows otherwise. */
export const listedIssues = (issues: readonly SpecIssue[], visualKind: keyof typeof VISUAL_FIELDS | null) =>
  visualKind
    ? issues.filter((issue) => !VISUAL_FIELDS[visualKind].has(issue.path.split('.')[0] ?? ''))
    : issues;
