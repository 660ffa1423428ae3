import { CheckDesignButton } from '@client/evaluation/CheckDesignButton';
import { PART_KINDS } from '@machines/wizard/parts';
import type { Actor } from '@shared/permissions';
import { WIZARD_LABELS } from '../labels';
import { useCheckDesign } from '../useCheckDesign';
import { WizardStep } from '../WizardStep';
import { PartCard } from './PartCard';
import { PartEditorModal } from './PartEditorModal';
import { PartHistoryModal } from './PartHistoryModal';
import { PreviewPanel } from './PreviewPanel';
import './edit.css';

/**
 * Step 2, Edit: a card per part, and the Real-time Preview of the generated LEIA with Try. 'Check
 * this design' runs a leak check of the design as it is, unsaved edits included.
 */
export function EditStep({ viewer }: { viewer: Actor }) {
  const checkDesign = useCheckDesign();
  return (
    <WizardStep title={WIZARD_LABELS.editTitle} aside={<CheckDesignButton size="sm" design={checkDesign} />}>
      <div className="edit-step">
        <div className="edit-step__parts">
          {PART_KINDS.map((kind) => (
            <PartCard key={kind} kind={kind} viewer={viewer} />
          ))}
        </div>
        <PreviewPanel viewer={viewer} title={WIZARD_LABELS.preview} withTry />
      </div>
      <PartEditorModal />
      <PartHistoryModal />
    </WizardStep>
  );
}
