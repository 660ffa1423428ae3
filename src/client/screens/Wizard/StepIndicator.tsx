import { CheckIcon, cx } from '@client/components';
import type { WizardStep } from '@machines/wizard/draft';
import { WIZARD_LABELS } from './labels';

/** 1 Selection, 2 Edit, 3 Create: where the design is. */
export function StepIndicator({ step }: { step: WizardStep }) {
  return (
    <ol className="wizard-steps" aria-label="Steps">
      {WIZARD_LABELS.steps.map((label, i) => {
        const number = i + 1;
        const state = number < step ? 'done' : number === step ? 'current' : 'next';
        return (
          <li
            key={label}
            className={cx('wizard-steps__step', `wizard-steps__step--${state}`)}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="wizard-steps__number" aria-hidden="true">
              {state === 'done' ? <CheckIcon size={14} /> : number}
            </span>
            <span className="wizard-steps__label">
              <span className="visually-hidden">Step {number}: </span>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
