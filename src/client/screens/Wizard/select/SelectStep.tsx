import { cx } from '@client/components';
import { WIZARD_TEXTS } from '@machines/wizard/contract';
import { allPartsChosen } from '@machines/wizard/selectors';
import { type Actor, canSeeBehaviour } from '@shared/permissions';
import { WizardActor } from '../actors';
import { COLUMN_ORDER, WIZARD_LABELS } from '../labels';
import { WizardStep } from '../WizardStep';
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
    <WizardStep
      title={WIZARD_LABELS.selectTitle}
      aside={
        <p className={cx('wizard-status', complete && 'wizard-status--done')} role="status">
          {complete ? WIZARD_TEXTS.allSelected : WIZARD_TEXTS.missing}
        </p>
      }
    >
      {!full && <BehaviourPicker />}
      <div className={cx('resource-columns', `resource-columns--${kinds.length}`)}>
        {kinds.map((kind) => (
          <ResourceColumn key={kind} kind={kind} viewer={viewer} />
        ))}
      </div>
      <DeleteResourceModal />
    </WizardStep>
  );
}
