import { Select, TextArea } from '@client/components';
import { asSolutionFormat, CodeBlock } from '@client/components/code/CodeBlock';
import { PROCESS_LABELS, type ProcessValue, processValues, solutionFormats } from '@shared/schemas/resources';
import { fieldError, textOf, type VisualFieldProps } from './fields';

const LONG_TEXTS = [
  ['description', 'Problem Description'],
  ['personaBackground', 'Persona Background'],
  ['details', 'Details'],
] as const;

const MAPS = [
  ['extends', 'Extends'],
  ['overrides', 'Overrides'],
  ['constrainedTo', 'Constrained To'],
] as const;

const processList = (value: unknown): ProcessValue[] =>
  Array.isArray(value) ? value.filter((item): item is ProcessValue => processValues.includes(item)) : [];

/**
 * The problem's Visual Editor: the long texts in areas (up to 400 px), the solution with its
 * format (a select of the 7) and highlighted in it, the process as checkboxes. The path maps
 * (extends, overrides, constrainedTo) are shown as they are and edited in the Code Editor.
 */
export function ProblemFields({ value, issues, onField }: VisualFieldProps) {
  const format = asSolutionFormat(value.solutionFormat);
  const process = processList(value.process);
  const toggle = (item: ProcessValue, on: boolean) =>
    onField(
      'process',
      on ? processValues.filter((v) => v === item || process.includes(v)) : process.filter((v) => v !== item),
    );
  const solution = textOf(value.solution);
  return (
    <div className="visual-editor">
      {LONG_TEXTS.map(([field, label]) => (
        <TextArea
          key={field}
          label={label}
          value={textOf(value[field])}
          error={fieldError(issues, field)}
          onChange={(event) => onField(field, event.target.value)}
        />
      ))}
      <Select
        label="Solution Format"
        options={solutionFormats.map((item) => ({ value: item, label: item }))}
        value={format}
        error={fieldError(issues, 'solutionFormat')}
        onChange={(event) => onField('solutionFormat', event.target.value)}
      />
      <TextArea
        label="Solution"
        className="visual-editor__code"
        spellCheck={false}
        value={solution}
        error={fieldError(issues, 'solution')}
        onChange={(event) => onField('solution', event.target.value)}
      />
      {solution && <CodeBlock code={solution} format={format} label="Solution preview" />}
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
      {MAPS.filter(([field]) => value[field] !== undefined).map(([field, label]) => (
        <div key={field} className="visual-editor__map">
          <p className="field__label">{label}</p>
          <CodeBlock code={JSON.stringify(value[field], null, 2)} format="json" label={label} />
          <p className="field__hint">Edit in the Code Editor</p>
        </div>
      ))}
    </div>
  );
}
