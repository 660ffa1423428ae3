import { Select, TextArea } from '@client/components';
import { asSolutionFormat, CodeBlock } from '@client/components/code/CodeBlock';
import { solutionFormats } from '@shared/schemas/resources';
import { fieldError, textOf, type VisualFieldProps } from './fields';
import { ProcessChecks } from './ProcessChecks';

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

/**
 * The problem's Visual Editor: the long texts in areas (up to 400 px), the solution with its
 * format (a select of the 7) and highlighted in it, the process as checkboxes. The path maps
 * (extends, overrides, constrainedTo) are shown as they are and edited in the Code Editor.
 */
export function ProblemFields({ value, issues, onField }: VisualFieldProps) {
  const format = asSolutionFormat(value.solutionFormat);
  const solution = textOf(value.solution);
  return (
    <div className="visual-editor">
      {LONG_TEXTS.map(([field, label], index) => (
        <TextArea
          key={field}
          label={label}
          // The editor opens on the first field a user edits (not the API Version above).
          data-autofocus={index === 0 ? '' : undefined}
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
      <ProcessChecks value={value} issues={issues} onField={onField} />
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
