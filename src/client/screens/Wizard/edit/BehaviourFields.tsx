import { TextArea, TextInput } from '@client/components';
import { PROCESS_LABELS, type ProcessValue, processValues } from '@shared/schemas/resources';
import { fieldError, textOf, type VisualFieldProps } from './fields';

const processList = (value: unknown): ProcessValue[] =>
  Array.isArray(value) ? value.filter((item): item is ProcessValue => processValues.includes(item)) : [];

/**
 * The behaviour's Visual Editor: its description (the prompt, many paragraphs) as plain text
 * instead of one JSON string full of \n, its role, and its process as checkboxes. Other fields
 * are kept as they are and edited in the Code Editor.
 */
export function BehaviourFields({ value, issues, onField }: VisualFieldProps) {
  const process = processList(value.process);
  const toggle = (item: ProcessValue, on: boolean) =>
    onField(
      'process',
      on ? processValues.filter((v) => v === item || process.includes(v)) : process.filter((v) => v !== item),
    );
  return (
    <div className="visual-editor">
      <TextArea
        label="Description"
        hint="The behaviour's instructions to the model; {{persona.fullName}} and the like are filled in."
        rows={10}
        value={textOf(value.description)}
        error={fieldError(issues, 'description')}
        onChange={(event) => onField('description', event.target.value)}
      />
      <TextInput
        label="Role"
        value={textOf(value.role)}
        error={fieldError(issues, 'role')}
        onChange={(event) => onField('role', event.target.value)}
      />
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
    </div>
  );
}
