import { useAvailability } from '@client/actions/ActionButton';
import { AlertIcon, Button, MessageIcon, Tabs } from '@client/components';
import { CHAT_ORIGIN_TARGET, useFocusTarget } from '@client/palette';
import { StartSessionActor } from '@client/runner/startSession';
import { tryStart } from '@machines/wizard/actions';
import { WIZARD_TEXTS } from '@machines/wizard/contract';
import { type Actor, canSeeBehaviour } from '@shared/permissions';
import { useId, useRef, useState } from 'react';
import { WizardActor } from '../actors';
import { PART_LABEL, WIZARD_LABELS } from '../labels';
import './edit.css';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** A value as indented JSON, in a scrollable block. */
const code = (value: unknown) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: the preview scrolls, so it must be reachable by keyboard
  <pre className="preview-panel__code" tabIndex={0}>
    {json(value)}
  </pre>
);

/** 'LEIA Generation Error' with what stopped the generation. */
function GenerationError({ errors }: { errors: readonly string[] }) {
  return (
    <div className="generation-error" role="alert">
      <p className="generation-error__title">
        <AlertIcon /> {WIZARD_TEXTS.generationErrorTitle}
      </p>
      <p>{WIZARD_TEXTS.previewUnavailable}</p>
      <ul className="generation-error__list">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The generated LEIA (the shared engine's output, remade on every saved edit): the whole LEIA and
 * each generated part, or 'LEIA Generation Error' with what stopped it. `withTry` adds Try
 * ('Starting...' while the session starts).
 */
export function PreviewPanel({ viewer, title, withTry }: { viewer: Actor; title: string; withTry: boolean }) {
  const generation = WizardActor.useSelector((s) => s.context.generation);
  const wizard = WizardActor.useActorRef();
  // Try's session is starting while the session machine refuses to start it again (`tryStart`).
  const starting = !useAvailability(StartSessionActor.useActorRef(), tryStart, undefined).can;
  const [tab, setTab] = useState('leia');
  const titleId = useId();
  const leia = generation?.leia ?? null;
  // Finish Conversation comes back to this button, once the restored design is generated again.
  const tryRef = useRef<HTMLButtonElement>(null);
  useFocusTarget(CHAT_ORIGIN_TARGET, tryRef, leia !== null && !starting);

  return (
    <section className="preview-panel" aria-labelledby={titleId}>
      <header className="preview-panel__header">
        <h3 className="preview-panel__title" id={titleId}>
          {title}
        </h3>
        {withTry && (
          <Button
            ref={tryRef}
            variant="primary"
            size="sm"
            icon={<MessageIcon />}
            loading={starting}
            disabled={!leia}
            onClick={() => wizard.send({ type: 'wizard.try' })}
          >
            {starting ? WIZARD_LABELS.starting : WIZARD_LABELS.try}
          </Button>
        )}
      </header>
      {leia ? (
        <Tabs
          label={title}
          value={tab}
          onChange={setTab}
          tabs={[
            { id: 'leia', label: 'LEIA', content: code(leia) },
            {
              id: 'persona',
              label: PART_LABEL.persona,
              content: code(leia.persona.spec),
            },
            {
              id: 'problem',
              label: PART_LABEL.problem,
              content: code(leia.problem.spec),
            },
            ...(canSeeBehaviour(viewer)
              ? [
                  {
                    id: 'behaviour',
                    label: PART_LABEL.behaviour,
                    content: code(leia.behaviour.spec),
                  },
                ]
              : []),
          ]}
        />
      ) : (
        <GenerationError errors={generation?.errors ?? []} />
      )}
      {leia && generation && generation.warnings.length > 0 && (
        <ul className="preview-panel__warnings" aria-label="Ignored by the generation">
          {generation.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
