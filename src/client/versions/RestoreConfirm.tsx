import { AlertIcon, Button, focusOn } from '@client/components';
import { bumpOptions } from '@machines/versions/contract';
import type { VersionsView } from '@machines/versions/selectors';
import { useEffect, useId, useRef } from 'react';
import { HistoryActor } from './actors';
import { bumpLabel, HISTORY_LABELS } from './labels';

/** 'Restore this version': the bump of the new version (minor by default, with its number), Restore or Cancel. */
export function RestoreConfirm({ view }: { view: VersionsView }) {
  const history = HistoryActor.useActorRef();
  const titleId = useId();
  const bumps = useRef<HTMLFieldSetElement>(null);
  // The question opens where the keyboard is: on the chosen bump.
  useEffect(() => focusOn(bumps.current?.querySelector<HTMLInputElement>('input:checked')), []);
  const { restoring } = view;
  const latest = view.versions[0]?.version;
  if (!restoring || !latest) return null;
  return (
    <section className="history-restore" aria-labelledby={titleId}>
      <h4 id={titleId} className="history__heading">
        {HISTORY_LABELS.restoreTitle(restoring.entry.version)}
      </h4>
      <p className="history__hint">{HISTORY_LABELS.restoreHint}</p>
      <fieldset className="history-restore__bumps" disabled={view.restoringNow} ref={bumps}>
        <legend>{HISTORY_LABELS.bump}</legend>
        {bumpOptions(latest).map(({ bump, version }) => (
          <label key={bump} className="history-restore__bump">
            <input
              type="radio"
              name={`${titleId}-bump`}
              checked={restoring.bump === bump}
              onChange={() => history.send({ type: 'history.restore.bump', bump })}
            />
            {bumpLabel(bump, version)}
          </label>
        ))}
      </fieldset>
      {view.error && (
        <p className="alert alert--error" role="alert">
          <AlertIcon />
          {view.error}
        </p>
      )}
      <div className="history-restore__actions">
        <Button onClick={() => history.send({ type: 'history.restore.cancel' })} disabled={view.restoringNow}>
          {HISTORY_LABELS.cancel}
        </Button>
        <Button
          variant="primary"
          loading={view.restoringNow}
          onClick={() => history.send({ type: 'history.restore.confirm' })}
        >
          {HISTORY_LABELS.confirm}
        </Button>
      </div>
    </section>
  );
}
