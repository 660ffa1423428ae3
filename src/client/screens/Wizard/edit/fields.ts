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
