import type { WizardSnapshot } from '@machines/wizard/machine';
import type { NameKey } from '@machines/wizard/parts';
import { isFinishing, madePublic, visibilityToggles } from '@machines/wizard/selectors';
import { WizardActor } from '../actors';
import { PART_LABEL } from '../labels';

const selectToggles = (s: WizardSnapshot) => ({
  toggles: visibilityToggles(s),
  madePublic: madePublic(s),
  finishing: isFinishing(s),
});
type Toggles = ReturnType<typeof selectToggles>;
// Small plain data: compared by value, so unrelated changes (typing a name) do not re-render it.
const sameToggles = (a: Toggles, b: Toggles) => JSON.stringify(a) === JSON.stringify(b);

const label = (key: NameKey) => (key === 'leia' ? 'Public LEIA' : `Public ${PART_LABEL[key].toLowerCase()}`);

/**
 * Admins' visibility selectors: private by default. A public LEIA makes every new part public
 * too (their selectors are then locked) and lists the parts that change from private to public.
 */
export function VisibilityToggles() {
  const wizard = WizardActor.useActorRef();
  const view = WizardActor.useSelector(selectToggles, sameToggles);
  return (
    <fieldset className="visibility-toggles">
      <legend>Visibility</legend>
      {view.toggles.map(({ key, isPublic, locked }) => {
        return (
          <label key={key} className="visibility-toggles__item">
            <input
              type="checkbox"
              checked={isPublic}
              disabled={locked || view.finishing}
              onChange={(event) => wizard.send({ type: 'visibility.set', key, value: event.target.checked })}
            />
            {label(key)}
            {locked && <span className="visibility-toggles__note">(public with the LEIA)</span>}
          </label>
        );
      })}
      {view.madePublic.length > 0 && (
        <div className="visibility-toggles__forced" role="status">
          <p>Publishing the LEIA also makes these parts public:</p>
          <ul>
            {view.madePublic.map((item) => (
              <li key={item.kind}>
                {PART_LABEL[item.kind]}:{' '}
                {item.isNew ? `the new part edited from "${item.name}"` : `"${item.name}"`}
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
