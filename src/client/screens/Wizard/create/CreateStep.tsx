import { AlertIcon } from '@client/components';
import { type Actor, canPublish } from '@shared/permissions';
import { WizardActor } from '../actors';
import { PreviewPanel } from '../edit/PreviewPanel';
import { WIZARD_LABELS } from '../labels';
import { WizardStep } from '../WizardStep';
import { NameFields } from './NameFields';
import { VisibilityToggles } from './VisibilityToggles';
import './create.css';

/** Step 3, Create your LEIA: the names, admins' visibility, the Final LEIA Preview; Finish is below. */
export function CreateStep({ viewer }: { viewer: Actor }) {
  const pageError = WizardActor.useSelector((s) => s.context.pageError);
  return (
    <WizardStep title={WIZARD_LABELS.createTitle}>
      {pageError && (
        <div className="alert alert--error" role="alert">
          <AlertIcon />
          <div>
            <p>{pageError.message}</p>
            {pageError.detail && <p className="wizard-error__detail">{pageError.detail}</p>}
          </div>
        </div>
      )}
      <div className="create-step">
        <div className="create-step__form">
          <NameFields />
          {canPublish(viewer) && <VisibilityToggles />}
        </div>
        <PreviewPanel viewer={viewer} title={WIZARD_LABELS.finalPreview} withTry={false} />
      </div>
    </WizardStep>
  );
}
