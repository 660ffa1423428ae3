import { targetCommand } from '@client/actions/commands';
import { useActionSnapshot } from '@client/actions/useActionSnapshot';
import { listClassSessions } from '@client/api/classSessions';
import { type Command, defineCommand, type StaticArgument } from '@client/palette';
import { classSessionPath } from '@client/routes';
import { startClassSession } from '@machines/classSessions/actions';
import { holdsClassSessions } from '@machines/classSessions/contract';
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
  const startNow = useActionSnapshot(start);
  const [, navigate] = useLocation();

  const commands = useMemo((): Command[] => {
    const page = {
      placeholder: 'Which published activity? Type a name',
      empty: 'No published activities',
      choices: () => list.getSnapshot().context.activities.filter(holdsClassSessions),
      item: (activity: Activity) => ({ id: activity.id, title: activity.name }),
    };
    // Every activity with sessions, whatever the Start dialog is doing.
    const published: StaticArgument<Activity> = {
      placeholder: page.placeholder,
      empty: page.empty,
      load: () => page.choices().map((activity) => ({ ...page.item(activity), value: activity })),
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
      targetCommand(start, startNow, startClassSession, page),
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
  }, [list, start, startNow, navigate]);
  return commands;
}
