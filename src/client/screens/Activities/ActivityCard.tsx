import { ActionButton } from '@client/actions/ActionButton';
import {
  Badge,
  Button,
  ChevronDownIcon,
  ChevronRightIcon,
  DownloadIcon,
  IconButton,
  TrashIcon,
  useFocusRequest,
} from '@client/components';
import { formatDateTime } from '@client/format';
import { activityTarget, useFocusTarget } from '@client/palette';
import { deleteActivity, publishActivity } from '@machines/activityList/actions';
import { ACTIVITY_LIST_TEXTS } from '@machines/activityList/contract';
import { cardFocus, changeInFlight } from '@machines/activityList/selectors';
import { startClassSession } from '@machines/classSessions/actions';
import { holdsClassSessions } from '@machines/classSessions/contract';
import type { Activity } from '@shared/schemas/activities';
import { useId, useMemo, useRef } from 'react';
import { ActivityListActor, ClassStartActor } from './actors';
import { ClassSessionList } from './ClassSessionList';
import { downloadActivity } from './exportActivity';
import { LeiaConfigRow } from './LeiaConfigRow';

const leiaCount = (count: number) => (count === 1 ? '1 LEIA' : `${count} LEIAs`);

/**
 * One activity: its name, created date, number of LEIAs, the Published badge, Publish and
 * 'Delete Activity' while unpublished, 'Start class session' once published, the exports, and a
 * chevron that shows its LEIAs (and, once published, its class sessions).
 */
export function ActivityCard({ activity }: { activity: Activity }) {
  const list = ActivityListActor.useActorRef();
  const expanded = ActivityListActor.useSelector((s) => s.context.expanded.includes(activity.id));
  const titleId = useId();
  const bodyId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  useFocusTarget(activityTarget(activity.id), toggle);
  // A new activity: the focus goes to its card (the dialog that created it is gone).
  const focus = ActivityListActor.useSelector(useMemo(() => cardFocus(activity.id), [activity.id]));
  useFocusRequest(focus, { toggle });
  const { name } = activity;

  return (
    <article className="activity-card" aria-labelledby={titleId} data-activity-id={activity.id}>
      <header className="activity-card__header">
        <IconButton
          ref={toggle}
          label={expanded ? `Hide the LEIAs of ${name}` : `Show the LEIAs of ${name}`}
          icon={expanded ? <ChevronDownIcon /> : <ChevronRightIcon />}
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => list.send({ type: 'card.toggle', id: activity.id })}
        />
        <div className="activity-card__heading">
          <h2 className="activity-card__name" id={titleId}>
            {name}
          </h2>
          <p className="activity-card__meta">
            <span>
              Created <time dateTime={activity.createdAt}>{formatDateTime(activity.createdAt)}</time>
            </span>
            <span aria-hidden="true">·</span>
            <span>{leiaCount(activity.leias.length)}</span>
            {activity.isPublished && <Badge tone="green">Published</Badge>}
          </p>
        </div>
        <CardActions activity={activity} />
      </header>
      {expanded && (
        <div className="activity-card__body" id={bodyId}>
          {activity.leias.length === 0 ? (
            <p className="activity-card__empty">{ACTIVITY_LIST_TEXTS.noLeias}</p>
          ) : (
            <ol className="activity-card__leias">
              {activity.leias.map((config, index) => (
                <li key={config.id}>
                  <LeiaConfigRow activity={activity} config={config} index={index} />
                </li>
              ))}
            </ol>
          )}
          {holdsClassSessions(activity) && <ClassSessionList experimentId={activity.id} name={name} />}
        </div>
      )}
    </article>
  );
}

/** The exports; Publish and Delete while unpublished; Start class session once published. */
function CardActions({ activity }: { activity: Activity }) {
  const list = ActivityListActor.useActorRef();
  const start = ClassStartActor.useActorRef();
  const inFlight = ActivityListActor.useSelector(changeInFlight);
  const busy = (kind: string) => inFlight?.kind === kind && inFlight.activity.id === activity.id;
  const { name } = activity;
  return (
    <div className="activity-card__actions">
      <Button
        size="sm"
        variant="ghost"
        icon={<DownloadIcon />}
        aria-label={`Export ${name} as JSON`}
        onClick={() => downloadActivity(activity, 'json')}
      >
        JSON
      </Button>
      <Button
        size="sm"
        variant="ghost"
        icon={<DownloadIcon />}
        aria-label={`Export the transcriptions of ${name} as CSV`}
        onClick={() => downloadActivity(activity, 'csv')}
      >
        CSV
      </Button>
      <ActionButton flow={start} action={startClassSession} target={activity} size="sm" variant="primary" />
      <ActionButton
        flow={list}
        action={publishActivity}
        target={activity}
        size="sm"
        variant="primary"
        loading={busy('publish')}
      />
      <ActionButton
        flow={list}
        action={deleteActivity}
        target={activity}
        size="sm"
        variant="danger"
        icon={<TrashIcon />}
        loading={busy('deleteActivity')}
      />
    </div>
  );
}
