import { TextArea, TextInput, useFocusRequest } from '@client/components';
import { bumpLabel } from '@client/versions/labels';
import type { WizardSnapshot } from '@machines/wizard/machine';
import { isCheckingName, isFinishing, nameFields, saveAsFields } from '@machines/wizard/selectors';
import type { SaveAsView } from '@machines/wizard/versions';
import { DEFAULT_VERSION } from '@shared/semver';
import { shallowEqual } from '@xstate/react';
import { useId, useRef } from 'react';
import { WizardActor } from '../actors';
import { ITEM_LABEL, NAME_LABEL } from '../labels';

const selectNames = (s: WizardSnapshot) => ({
  fields: nameFields(s),
  saveAs: saveAsFields(s),
  checking: nameFields(s).map(({ key }) => isCheckingName(s, key)),
  finishing: isFinishing(s),
});
type Names = ReturnType<typeof selectNames>;

// Small plain data: compared by value, so each keystroke re-renders only when something shown changed.
const sameNames = (a: Names, b: Names) =>
  a.finishing === b.finishing &&
  shallowEqual(a.checking, b.checking) &&
  JSON.stringify([a.fields, a.saveAs]) === JSON.stringify([b.fields, b.saveAs]);

/**
 * How step 3 saves the LEIA and each edited part: under a new name (version 1.0.0, checked against
 * the existing names as the user types), or, for what the user may version, as 'New version of
 * {name}' with a patch, minor (the default) or major bump showing the number it gives; each with an
 * optional change note (machines/wizard/versions.ts).
 */
export function NameFields() {
  const { fields, saveAs, checking, finishing } = WizardActor.useSelector(selectNames, sameNames);
  return (
    <div className="name-fields">
      {fields.map(({ key, field }, i) => (
        <SaveAsItem
          key={key}
          view={saveAs[i]!}
          name={field}
          checking={checking[i] ?? false}
          first={i === 0}
          disabled={finishing}
        />
      ))}
    </div>
  );
}

function SaveAsItem({
  view,
  name,
  checking,
  first,
  disabled,
}: {
  view: SaveAsView;
  name: { value: string; error: string | null };
  checking: boolean;
  first: boolean;
  disabled: boolean;
}) {
  const wizard = WizardActor.useActorRef();
  const group = useId();
  const { key } = view;
  const label = ITEM_LABEL[key];
  const setMode = (mode: SaveAsView['mode']) => wizard.send({ type: 'saveAs.mode', key, mode });
  const nameRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  // Finish refused: the first field in error, if it is one of this item's.
  const focus = WizardActor.useSelector((s) => (s.context.focus?.key === key ? s.context.focus : null));
  useFocusRequest(focus, { name: nameRef, note: noteRef });
  return (
    <fieldset className="save-as" disabled={disabled}>
      <legend className="save-as__legend">{label}</legend>
      {view.versionOf !== null && (
        <div className="save-as__modes" role="radiogroup" aria-label={`Save the ${label.toLowerCase()} as`}>
          <label className="save-as__choice">
            <input
              type="radio"
              name={`${group}-mode`}
              checked={view.mode === 'name'}
              onChange={() => setMode('name')}
            />
            New name
          </label>
          <label className="save-as__choice">
            <input
              type="radio"
              name={`${group}-mode`}
              checked={view.mode === 'version'}
              onChange={() => setMode('version')}
            />
            New version of {view.versionOf}
          </label>
        </div>
      )}
      {view.mode === 'name' ? (
        <TextInput
          ref={nameRef}
          label={NAME_LABEL[key]}
          autoComplete="off"
          data-autofocus={first ? '' : undefined}
          hint={`Version ${DEFAULT_VERSION}${checking ? ' · Checking the name...' : ''}`}
          value={name.value}
          error={name.error ?? undefined}
          onChange={(event) => wizard.send({ type: 'name.change', key, value: event.target.value })}
        />
      ) : (
        <BumpChoice view={view} onBump={(bump) => wizard.send({ type: 'saveAs.bump', key, bump })} />
      )}
      <TextArea
        ref={noteRef}
        label={`${label} change note (optional)`}
        rows={2}
        value={view.note.value}
        error={view.note.error ?? undefined}
        onChange={(event) => wizard.send({ type: 'note.change', key, value: event.target.value })}
      />
    </fieldset>
  );
}

function BumpChoice({ view, onBump }: { view: SaveAsView; onBump: (bump: SaveAsView['bump']) => void }) {
  const group = useId();
  return (
    <div className="save-as__bumps" role="radiogroup" aria-label={`${ITEM_LABEL[view.key]} version`}>
      {view.bumps.map(({ bump, version }) => (
        <label key={bump} className="save-as__choice">
          <input type="radio" name={group} checked={view.bump === bump} onChange={() => onBump(bump)} />
          {bumpLabel(bump, version)}
        </label>
      ))}
    </div>
  );
}
