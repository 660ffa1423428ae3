import { CheckDesignButton } from '@client/evaluation/CheckDesignButton';
import { PART_KINDS } from '@machines/wizard/parts';
import type { Actor } from '@shared/permissions';
import { STEP_TITLE_ID, WIZARD_LABELS } from '../labels';
import { useCheckDesign } from '../useCheckDesign';
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
    <section className="wizard-step" aria-labelledby={STEP_TITLE_ID}>
      <header className="wizard-step__header">
        <h2 className="wizard-step__title" id={STEP_TITLE_ID} tabIndex={-1}>
          {WIZARD_LABELS.editTitle}
        </h2>
        <CheckDesignButton size="sm" design={checkDesign} />
      </header>
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
    </section>
  );
}
