import { cx } from '@client/components';
import { WIZARD_TEXTS } from '@machines/wizard/contract';
import { allPartsChosen } from '@machines/wizard/selectors';
import { type Actor, canSeeBehaviour } from '@shared/permissions';
import { WizardActor } from '../actors';
import { COLUMN_ORDER, STEP_TITLE_ID, WIZARD_LABELS } from '../labels';
import { BehaviourPicker } from './BehaviourPicker';
import { DeleteResourceModal } from './DeleteResourceModal';
import { ResourceColumn } from './ResourceColumn';
import './select.css';

/**
 * Step 1, Select Components: the behaviour, problem and persona lists side by side; for
 * instructors, two columns (problem, persona) and the compact behaviour picker.
 */
export function SelectStep({ viewer }: { viewer: Actor }) {
  const complete = WizardActor.useSelector(allPartsChosen);
  const full = canSeeBehaviour(viewer);
  const kinds = full ? COLUMN_ORDER : COLUMN_ORDER.filter((kind) => kind !== 'behaviour');
  return (
    <section className="wizard-step" aria-labelledby={STEP_TITLE_ID}>
      <header className="wizard-step__header">
        <h2 className="wizard-step__title" id={STEP_TITLE_ID} tabIndex={-1}>
          {WIZARD_LABELS.selectTitle}
        </h2>
        <p className={cx('wizard-status', complete && 'wizard-status--done')} role="status">
          {complete ? WIZARD_TEXTS.allSelected : WIZARD_TEXTS.missing}
        </p>
      </header>
      {!full && <BehaviourPicker />}
      <div className={cx('resource-columns', `resource-columns--${kinds.length}`)}>
        {kinds.map((kind) => (
          <ResourceColumn key={kind} kind={kind} viewer={viewer} />
        ))}
      </div>
      <DeleteResourceModal />
    </section>
  );
}
