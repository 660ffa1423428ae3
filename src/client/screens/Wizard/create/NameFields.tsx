import { TextInput } from '@client/components';
import { isCheckingName, isFinishing, nameFields, type WizardSnapshot } from '@machines/wizard';
import { DEFAULT_VERSION } from '@shared/semver';
import { shallowEqual } from '@xstate/react';
import { WizardActor } from '../actors';
import { NAME_LABEL } from '../labels';

const selectNames = (s: WizardSnapshot) => ({
  fields: nameFields(s),
  checking: nameFields(s).map(({ key }) => isCheckingName(s, key)),
  finishing: isFinishing(s),
});

const sameNames = (a: ReturnType<typeof selectNames>, b: ReturnType<typeof selectNames>) =>
  a.finishing === b.finishing &&
  shallowEqual(a.checking, b.checking) &&
  a.fields.length === b.fields.length &&
  a.fields.every((item, i) => item.key === b.fields[i]?.key && shallowEqual(item.field, b.fields[i]?.field));

/**
 * The names step 3 asks for: the LEIA's and each edited part's (version 1.0.0). Each is checked
 * against the existing names as the user types (machines/wizard.ts); its error clears on edit.
 */
export function NameFields() {
  const wizard = WizardActor.useActorRef();
  const { fields, checking, finishing } = WizardActor.useSelector(selectNames, sameNames);
  return (
    <div className="name-fields">
      {fields.map(({ key, field }, i) => (
        <TextInput
          key={key}
          label={NAME_LABEL[key]}
          autoComplete="off"
          data-autofocus={i === 0 ? '' : undefined}
          hint={`Version ${DEFAULT_VERSION}${checking[i] ? ' · Checking the name...' : ''}`}
          value={field.value}
          error={field.error ?? undefined}
          disabled={finishing}
          onChange={(event) => wizard.send({ type: 'name.change', key, value: event.target.value })}
        />
      ))}
    </div>
  );
}
