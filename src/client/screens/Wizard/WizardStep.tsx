import type { ReactNode } from 'react';
import { STEP_TITLE_ID } from './labels';

/**
 * A step of the wizard: its section, named by its title (where the focus lands when the step
 * changes: Wizard.tsx), what stands beside the title, and the step's content.
 */
export function WizardStep({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="wizard-step" aria-labelledby={STEP_TITLE_ID}>
      <header className="wizard-step__header">
        <h2 className="wizard-step__title" id={STEP_TITLE_ID} tabIndex={-1}>
          {title}
        </h2>
        {aside}
      </header>
      {children}
    </section>
  );
}
