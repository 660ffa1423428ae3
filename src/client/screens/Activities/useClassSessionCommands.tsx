import { listClassSessions } from '@client/api/classSessions';
import { type Command, defineCommand, type StaticArgument } from '@client/palette';
import { classSessionPath } from '@client/routes';
import { isStarting } from '@machines/classSessions/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { canManageActivities } from '@shared/permissions';
import type { Activity } from '@shared/schemas/activities';
import type { ClassSessionSummary } from '@shared/schemas/class-sessions';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { ActivityListActor, ClassStartActor } from './actors';

const GROUP = 'Class sessions';

/**
 * My Activities' class-session commands: start one on a published activity, open one's live view.
 * useActivityCommands registers them with the screen's others.
 */
export function useClassSessionCommands(): Command[] {
  const list = ActivityListActor.useActorRef();
  const start = ClassStartActor.useActorRef();
  const starting = ClassStartActor.useSelector(isStarting);
  const [, navigate] = useLocation();

  const commands = useMemo((): Command[] => {
    const published: StaticArgument<Activity> = {
      placeholder: 'Which published activity? Type a name',
      empty: 'No published activities',
      load: () =>
        list
          .getSnapshot()
          .context.activities.filter((activity) => activity.isPublished)
          .map((activity) => ({ id: activity.id, title: activity.name, value: activity })),
    };
    const sessionsOf = (activity: Activity): StaticArgument<ClassSessionSummary> => ({
      placeholder: `Which session of ${activity.name}? Type a name`,
      empty: 'No class sessions yet',
      load: async (signal?: AbortSignal) =>
        (await listClassSessions(activity.id, { signal })).map((session) => ({
          id: session.id,
          title: session.name,
          subtitle: `${session.status === 'open' ? CLASS_TEXTS.open : CLASS_TEXTS.closedStatus} · ${session.code} · ${session.counts.students} students`,
          value: session,
        })),
    });
    return [
      defineCommand({
        id: 'class.start',
        title: `${CLASS_TEXTS.start}...`,
        group: GROUP,
        keywords: ['class', 'students', 'run', 'join code'],
        allowed: canManageActivities,
        disabled: starting ? CLASS_TEXTS.start : undefined,
        args: [published],
        run: (activity) =>
          start.send({ type: 'start.open', target: { experimentId: activity.id, name: activity.name } }),
      }),
      defineCommand({
        id: 'class.open',
        title: 'Open class session...',
        group: GROUP,
        keywords: ['live', 'view', 'students'],
        allowed: canManageActivities,
        args: [published, sessionsOf],
        run: (_activity, session) => navigate(classSessionPath(session.id)),
      }),
    ];
  }, [list, start, starting, navigate]);
  return commands;
}
