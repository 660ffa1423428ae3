import { PROCESS_LABELS, type ProcessValue, processValues } from '@shared/schemas/resources';
import { fieldError, type VisualFieldProps } from './fields';

const processList = (value: unknown): ProcessValue[] =>
  Array.isArray(value) ? value.filter((item): item is ProcessValue => processValues.includes(item)) : [];

/** A spec's process as one checkbox per value, in the product's order (problems and behaviours). */
export function ProcessChecks({ value, issues, onField }: VisualFieldProps) {
  const process = processList(value.process);
  const toggle = (item: ProcessValue, on: boolean) =>
    onField(
      'process',
      on ? processValues.filter((v) => v === item || process.includes(v)) : process.filter((v) => v !== item),
    );
  return (
    <fieldset className="visual-editor__group">
      <legend>Process</legend>
      <div className="visual-editor__checks">
        {processValues.map((item) => (
          <label key={item} className="visual-editor__check">
            <input
              type="checkbox"
              checked={process.includes(item)}
              onChange={(e) => toggle(item, e.target.checked)}
            />
            {PROCESS_LABELS[item]}
          </label>
        ))}
      </div>
      {fieldError(issues, 'process') && <p className="field__error">{fieldError(issues, 'process')}</p>}
    </fieldset>
  );
}
