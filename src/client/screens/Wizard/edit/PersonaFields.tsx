import { TextArea, TextInput } from '@client/components';
import { fieldError, textOf, type VisualFieldProps } from './fields';

const PRONOUNS = [
  ['subjectPronoum', 'Subject'],
  ['objectPronoum', 'Object'],
  ['possesivePronoum', 'Possessive'],
  ['possesiveAdjective', 'Possessive Adj'],
] as const;

/** Personality may be one text or a list (a problem's extends can add to it): a list edits one line each. */
const personalityText = (value: unknown) => (Array.isArray(value) ? value.join('\n') : textOf(value));

/** The persona's Visual Editor: a field per spec field (the spelling of the spec's keys is the product's). */
export function PersonaFields({ value, issues, onField }: VisualFieldProps) {
  const text = (field: string, label: string) => (
    <TextInput
      label={label}
      // The editor opens on the first field a user edits (not the API Version above).
      data-autofocus={field === 'fullName' ? '' : undefined}
      value={textOf(value[field])}
      error={fieldError(issues, field)}
      onChange={(event) => onField(field, event.target.value)}
    />
  );
  return (
    <div className="visual-editor">
      <div className="visual-editor__row">
        {text('fullName', 'Full Name')}
        {text('firstName', 'First Name')}
      </div>
      <TextArea
        label="Description"
        value={textOf(value.description)}
        error={fieldError(issues, 'description')}
        onChange={(event) => onField('description', event.target.value)}
      />
      <TextArea
        label="Personality"
        hint={Array.isArray(value.personality) ? 'One trait per line' : undefined}
        value={personalityText(value.personality)}
        error={fieldError(issues, 'personality')}
        onChange={(event) =>
          onField(
            'personality',
            Array.isArray(value.personality) ? event.target.value.split('\n') : event.target.value,
          )
        }
      />
      <fieldset className="visual-editor__group">
        <legend>Pronouns</legend>
        <div className="visual-editor__row visual-editor__row--4">
          {PRONOUNS.map(([field, label]) => (
            <div key={field}>{text(field, label)}</div>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
