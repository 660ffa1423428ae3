import { ActionButton } from '@client/actions/ActionButton';
import { Badge, RefreshIcon } from '@client/components';
import { formatDateTime } from '@client/format';
import { acceptsNow } from '@machines/action';
import { askRestore, pickVersion } from '@machines/versions/actions';
import type { VersionsView } from '@machines/versions/selectors';
import { HistoryActor } from './actors';
import { HISTORY_LABELS, versionPeople } from './labels';

/**
 * Every visible version, newest first: version, date, author (and owner when another), note and
 * Published badge. Those who
 * may see the content choose two to compare (a checkbox each); those who may add a version can
 * restore any but the newest (whose content is the current one).
 */
export function VersionList({ view }: { view: VersionsView }) {
  const history = HistoryActor.useActorRef();
  // Whether the History takes a pick now (not while a restore is asked or under way): its machine.
  const canPick = HistoryActor.useSelector((s) => acceptsNow(s, pickVersion));
  const name = view.target?.name ?? '';
  return (
    <ol className="history-versions" aria-label={HISTORY_LABELS.versionsOf(name)}>
      {view.versions.map((entry, index) => {
        const current = entry.id === view.target?.id;
        return (
          <li
            key={entry.id}
            className="history-version"
            aria-label={`v${entry.version}`}
            aria-current={current ? 'true' : undefined}
          >
            {view.seesContent && (
              <input
                type="checkbox"
                className="history-version__pick"
                aria-label={HISTORY_LABELS.compare(entry.version)}
                checked={view.picked.includes(entry.id)}
                disabled={!canPick}
                onChange={() => history.send(pickVersion.event(entry))}
              />
            )}
            <div className="history-version__body">
              <p className="history-version__head">
                <strong>v{entry.version}</strong>
                {entry.isPublished && <Badge tone="green">{HISTORY_LABELS.published}</Badge>}
                {current && <span className="history-version__current">{HISTORY_LABELS.shown}</span>}
              </p>
              <p className="history-version__meta">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> ·{' '}
                {versionPeople(entry)}
              </p>
              {entry.note && <p className="history-version__note">{entry.note}</p>}
            </div>
            {/* The older versions, where the viewer may restore: the machine's `restorable`. */}
            {view.mayRestore && index > 0 && (
              <ActionButton
                flow={history}
                action={askRestore}
                target={entry}
                size="sm"
                variant="ghost"
                icon={<RefreshIcon />}
                aria-label={HISTORY_LABELS.restoreVersion(entry.version)}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}
