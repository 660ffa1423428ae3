import { AlertIcon } from '@client/components';
import { type Actor, canPublish } from '@shared/permissions';
import { WizardActor } from '../actors';
import { PreviewPanel } from '../edit/PreviewPanel';
import { STEP_TITLE_ID, WIZARD_LABELS } from '../labels';
import { NameFields } from './NameFields';
import { VisibilityToggles } from './VisibilityToggles';
import './create.css';

/** Step 3, Create your LEIA: the names, admins' visibility, the Final LEIA Preview; Finish is below. */
export function CreateStep({ viewer }: { viewer: Actor }) {
  const pageError = WizardActor.useSelector((s) => s.context.pageError);
  return (
    <section className="wizard-step" aria-labelledby={STEP_TITLE_ID}>
      <header className="wizard-step__header">
        <h2 className="wizard-step__title" id={STEP_TITLE_ID} tabIndex={-1}>
          {WIZARD_LABELS.createTitle}
        </h2>
      </header>
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
    </section>
  );
}
