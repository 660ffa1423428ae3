import { PROCESS_LABELS, type ProcessValue } from '@shared/schemas/resources';
import type { ReactNode } from 'react';

/** In the View modal missing values show 'N/A'. */
export const NOT_AVAILABLE = 'N/A';

/** A spec value as text: strings as written, lists joined with ', '; blank or other -> null. */
export const textOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (Array.isArray(value)) {
    const parts = value.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
    return parts.length > 0 ? parts.join(', ') : null;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
};

export const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export const processLabel = (value: string): string => PROCESS_LABELS[value as ProcessValue] ?? value;

/** A titled block of the View modal. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="leia-view__section">
      <h3 className="leia-view__heading">{title}</h3>
      {children}
    </section>
  );
}

/** Long free text (descriptions, prompts) keeps its line breaks. */
export function Prose({ text, fallback = NOT_AVAILABLE }: { text: string | null; fallback?: string }) {
  return (
    <p className={text ? 'leia-view__prose' : 'leia-view__prose leia-view__missing'}>{text ?? fallback}</p>
  );
}

/** An ordered list of steps, or 'N/A'. */
export function Steps({ steps, label }: { steps: string[]; label: string }) {
  if (steps.length === 0) return <Prose text={null} />;
  return (
    <ol className="leia-view__steps" aria-label={label}>
      {steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a step can repeat; its position is its identity
        <li key={index}>{processLabel(step)}</li>
      ))}
    </ol>
  );
}

export interface FieldRow {
  label: string;
  value: string | null;
}

/** label/value pairs, 'N/A' where the value is missing. */
export function Fields({ rows, label }: { rows: FieldRow[]; label?: string }) {
  return (
    <dl className="leia-view__fields" aria-label={label}>
      {rows.map((row) => (
        <div key={row.label} className="leia-view__field">
          <dt>{row.label}</dt>
          <dd className={row.value ? undefined : 'leia-view__missing'}>{row.value ?? NOT_AVAILABLE}</dd>
        </div>
      ))}
    </dl>
  );
}
