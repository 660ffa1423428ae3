import { TextArea, TextInput } from '@client/components';
import { fieldError, textOf, type VisualFieldProps } from './fields';
import { ProcessChecks } from './ProcessChecks';

/**
 * The behaviour's Visual Editor: its description (the prompt, many paragraphs) as plain text
 * instead of one JSON string full of \n, its role, and its process as checkboxes. Other fields
 * are kept as they are and edited in the Code Editor.
 */
export function BehaviourFields({ value, issues, onField }: VisualFieldProps) {
  return (
    <div className="visual-editor">
      <TextArea
        label="Description"
        // The editor opens on the first field a user edits (not the API Version above).
        data-autofocus=""
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
      <ProcessChecks value={value} issues={issues} onField={onField} />
    </div>
  );
}
