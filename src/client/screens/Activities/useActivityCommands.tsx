import { AddToActivityActor } from '@client/activities/addToActivityActor';
import { addLeiaToActivityCommand } from '@client/activities/paletteArguments';
import { EvaluationActor } from '@client/evaluation/actors';
import {
  type Command,
  defineCommand,
  type PaletteItem,
  type StaticArgument,
  usePaletteCommands,
} from '@client/palette';
import { ACTIVITY_IMPORT_TEXTS, isImporting } from '@machines/activityImport';
import { ACTIVITY_LIST_TEXTS } from '@machines/activityList/contract';
import { isChanging } from '@machines/activityList/selectors';
import { isBusy } from '@machines/addToActivity';
import { EVALUATION_VIEW_TEXTS, evaluateTranscription, isEvaluating } from '@machines/evaluation';
import { type TranscriptionEvent, transcriptionTarget } from '@machines/transcription/contract';
import { isStartingSession } from '@machines/transcription/selectors';
import { configLeiaName, transcriptionKind } from '@shared/activity-config';
import { canManageActivities } from '@shared/permissions';
import {
  ACTIVITY_MODES,
  type Activity,
  type ActivityMode,
  type LeiaConfig,
} from '@shared/schemas/activities';
import { useMemo } from 'react';
import { ActivityImportActor, ActivityListActor, TranscriptionActor } from './actors';
import { downloadActivity } from './exportActivity';
import { openImportPicker } from './ImportActivity';

const GROUP = 'Activities';
const STARTING = 'A chat session is being started';

interface Entry {
  activity: Activity;
  config: LeiaConfig;
}

/** Shows an activity's card open and moves the focus to it (after the list has re-rendered). */
const reveal = (id: string) =>
  requestAnimationFrame(() => {
    const card = document.querySelector<HTMLElement>(`[data-activity-id="${CSS.escape(id)}"]`);
    card?.scrollIntoView({ block: 'nearest' });
    card?.querySelector<HTMLElement>('button[aria-expanded]')?.focus();
  });

type Activities = () => Activity[];

/** The state and actors the commands act on. */
interface Deps {
  list: ReturnType<typeof ActivityListActor.useActorRef>;
  transcription: ReturnType<typeof TranscriptionActor.useActorRef>;
  adding: ReturnType<typeof AddToActivityActor.useActorRef>;
  evaluation: ReturnType<typeof EvaluationActor.useActorRef>;
  activities: Activities;
  /** Why the list's changes are unavailable, if they are. */
  busy: string | undefined;
  starting: boolean;
  addBusy: boolean;
  evaluating: boolean;
  importing: boolean;
}

const activityPage = (
  activities: Activities,
  placeholder: string,
  keep: (activity: Activity) => boolean,
): StaticArgument<Activity> => ({
  placeholder,
  empty: 'No activities found',
  load: () =>
    activities()
      .filter(keep)
      .map((activity) => ({
        id: activity.id,
        title: activity.name,
        subtitle: activity.isPublished ? 'Published' : `${activity.leias.length} LEIAs`,
        value: activity,
      })),
});

const leiaPage = (
  activities: Activities,
  placeholder: string,
  keep: (entry: Entry) => boolean,
): StaticArgument<Entry> => ({
  placeholder,
  empty: 'No LEIAs found',
  load: () =>
    activities().flatMap((activity) =>
      activity.leias.flatMap((config, index): PaletteItem<Entry>[] =>
        keep({ activity, config })
          ? [
              {
                id: config.id,
                title: configLeiaName(config, index),
                subtitle: `${activity.name} · ${config.configuration.mode}`,
                keywords: [activity.name],
                value: { activity, config },
              },
            ]
          : [],
      ),
    ),
});

const unpublished = (activity: Activity) => !activity.isPublished;
const transcribable = ({ activity, config }: Entry) =>
  !activity.isPublished && config.configuration.mode === 'transcription';

/** New, open, publish and delete an activity. */
const activityCommands = ({ list, activities, busy }: Deps): Command[] => [
  {
    id: 'activities.new',
    title: 'New activity',
    group: GROUP,
    keywords: ['create', 'add', 'experiment'],
    allowed: canManageActivities,
    run: () => list.send({ type: 'create.open' }),
  },
  defineCommand({
    id: 'activities.open',
    title: 'Open activity...',
    group: GROUP,
    keywords: ['expand', 'show', 'experiment'],
    allowed: canManageActivities,
    args: [activityPage(activities, 'Open which activity? Type a name', () => true)],
    run: (activity) => {
      list.send({ type: 'card.expand', id: activity.id });
      reveal(activity.id);
    },
  }),
  defineCommand({
    id: 'activities.publish',
    title: 'Publish activity...',
    group: GROUP,
    keywords: ['release', 'lock'],
    allowed: canManageActivities,
    disabled: busy,
    args: [activityPage(activities, 'Publish which activity? Type a name', unpublished)],
    run: (activity) => list.send({ type: 'activity.publish', activity }),
  }),
  defineCommand({
    id: 'activities.delete',
    title: 'Delete activity...',
    group: GROUP,
    keywords: ['remove'],
    allowed: canManageActivities,
    disabled: busy,
    args: [activityPage(activities, 'Delete which activity? Type a name', unpublished)],
    run: (activity) => list.send({ type: 'activity.delete', activity }),
  }),
];

/** Add a LEIA to an activity, delete one from it, set its mode. */
const activityLeiaCommands = ({ list, adding, activities, busy, addBusy }: Deps): Command[] => [
  addLeiaToActivityCommand({
    disabled: addBusy ? ACTIVITY_LIST_TEXTS.busy : undefined,
    run: (leia, activity) => adding.send({ type: 'add.direct', leia, activity }),
  }),
  defineCommand({
    id: 'activities.removeLeia',
    title: 'Delete LEIA from activity...',
    group: GROUP,
    keywords: ['remove'],
    allowed: canManageActivities,
    disabled: busy,
    args: [
      leiaPage(activities, 'Delete which LEIA from its activity? Type a name', ({ activity }) =>
        unpublished(activity),
      ),
    ],
    run: ({ activity, config }) => list.send({ type: 'leia.remove', activity, config }),
  }),
  defineCommand({
    id: 'activities.setMode',
    title: 'Set mode...',
    group: GROUP,
    keywords: ['standard', 'transcription'],
    allowed: canManageActivities,
    disabled: busy,
    args: [
      leiaPage(activities, 'Set the mode of which LEIA? Type a name', ({ activity }) =>
        unpublished(activity),
      ),
      ({ config }: Entry): StaticArgument<ActivityMode> => ({
        placeholder: 'Which mode?',
        load: () =>
          ACTIVITY_MODES.filter((mode) => mode !== config.configuration.mode).map((mode) => ({
            id: mode,
            title: mode,
            value: mode,
          })),
      }),
    ],
    run: ({ activity, config }, mode) => list.send({ type: 'leia.mode', activity, config, mode }),
  }),
];

/** The transcription flows of a LEIA in transcription mode (link, generate, record, JSON). */
const transcriptionFlowCommands = ({ list, transcription, activities, starting }: Deps): Command[] => {
  const flow = (id: string, title: string, type: TranscriptionEvent['type'], keywords: string[]): Command =>
    defineCommand({
      id,
      title,
      group: GROUP,
      keywords,
      allowed: canManageActivities,
      disabled: starting ? STARTING : undefined,
      args: [leiaPage(activities, `${title.replace('...', '')} for which LEIA? Type a name`, transcribable)],
      run: ({ activity, config }) => {
        list.send({ type: 'card.expand', id: activity.id });
        transcription.send({ type, target: transcriptionTarget(activity, config) } as TranscriptionEvent);
      },
    });
  return [
    flow('activities.addLink', 'Add transcription link...', 'link.open', ['url', 'external']),
    flow('activities.autoGenerate', 'Auto-generate transcription...', 'generate.open', ['generate', 'model']),
    flow('activities.record', 'Record transcription in a chat...', 'manual.start', ['generate', 'manual']),
    flow('activities.editJson', 'Edit transcription JSON...', 'json.open', ['json', 'messages']),
  ];
};

/** View a LEIA's transcription, evaluate it. */
const transcriptionReadCommands = ({
  transcription,
  evaluation,
  activities,
  evaluating,
}: Deps): Command[] => [
  defineCommand({
    id: 'activities.viewTranscription',
    title: 'View transcription...',
    group: GROUP,
    keywords: ['messages', 'link', 'read'],
    allowed: canManageActivities,
    args: [
      leiaPage(
        activities,
        'View the transcription of which LEIA? Type a name',
        ({ config }) => transcriptionKind(config) !== 'none',
      ),
    ],
    run: ({ activity, config }) =>
      transcription.send({ type: 'view.open', target: transcriptionTarget(activity, config) }),
  }),
  defineCommand({
    id: 'activities.evaluateTranscription',
    title: 'Evaluate transcription...',
    group: GROUP,
    keywords: ['report', 'coverage', 'score', 'solution', 'conversation'],
    allowed: canManageActivities,
    disabled: evaluating ? EVALUATION_VIEW_TEXTS.evaluating : undefined,
    args: [
      leiaPage(
        activities,
        'Evaluate the transcription of which LEIA? Type a name',
        ({ config }) => transcriptionKind(config) === 'messages',
      ),
    ],
    run: ({ activity, config }) => {
      const target = transcriptionTarget(activity, config);
      const messages = config.configuration.data?.messages ?? [];
      evaluation.send(evaluateTranscription(target.leiaId, messages, target.leiaName));
    },
  }),
];

/** Import an activity from JSON, export one as JSON or its transcriptions as CSV. */
const activityFileCommands = ({ activities, importing }: Deps): Command[] => [
  {
    id: 'activities.import',
    title: ACTIVITY_IMPORT_TEXTS.command,
    group: GROUP,
    keywords: ['upload', 'restore', 'json', 'experiment'],
    allowed: canManageActivities,
    disabled: importing ? ACTIVITY_IMPORT_TEXTS.importing : undefined,
    run: openImportPicker,
  },
  defineCommand({
    id: 'activities.exportJson',
    title: 'Export activity as JSON...',
    group: GROUP,
    keywords: ['download', 'backup'],
    allowed: canManageActivities,
    args: [activityPage(activities, 'Export which activity? Type a name', () => true)],
    run: (activity) => downloadActivity(activity, 'json'),
  }),
  defineCommand({
    id: 'activities.exportCsv',
    title: 'Export transcriptions as CSV...',
    group: GROUP,
    keywords: ['download', 'research', 'spreadsheet'],
    allowed: canManageActivities,
    args: [activityPage(activities, 'Export the transcriptions of which activity? Type a name', () => true)],
    run: (activity) => downloadActivity(activity, 'csv'),
  }),
];

/**
 * My Activities' palette commands (admins): the screen's buttons, and for a LEIA of an activity the
 * transcription actions, each page listing by name only where the action is available.
 */
export function useActivityCommands(classCommands: readonly Command[] = []) {
  const list = ActivityListActor.useActorRef();
  const transcription = TranscriptionActor.useActorRef();
  const adding = AddToActivityActor.useActorRef();
  const changing = ActivityListActor.useSelector(isChanging);
  const starting = TranscriptionActor.useSelector(isStartingSession);
  const addBusy = AddToActivityActor.useSelector(isBusy);
  const evaluation = EvaluationActor.useActorRef();
  const evaluating = EvaluationActor.useSelector(isEvaluating);
  const importing = ActivityImportActor.useSelector(isImporting);

  const commands = useMemo((): Command[] => {
    const deps: Deps = {
      list,
      transcription,
      adding,
      evaluation,
      activities: () => list.getSnapshot().context.activities,
      busy: changing ? ACTIVITY_LIST_TEXTS.busy : undefined,
      starting,
      addBusy,
      evaluating,
      importing,
    };
    return [
      ...activityCommands(deps),
      ...activityLeiaCommands(deps),
      ...transcriptionFlowCommands(deps),
      ...transcriptionReadCommands(deps),
      ...activityFileCommands(deps),
    ];
  }, [list, transcription, adding, changing, starting, addBusy, evaluation, evaluating, importing]);
  // One registration for the screen: its class-session commands (useClassSessionCommands) last.
  const all = useMemo(() => [...commands, ...classCommands], [commands, classCommands]);
  usePaletteCommands(all);
}
