import {
  actionCommand,
  commandFields,
  type TargetPage,
  targetArgument,
  targetCommand,
} from '@client/actions/commands';
import { useActionSnapshot } from '@client/actions/useActionSnapshot';
import { AddToActivityActor } from '@client/activities/addToActivityActor';
import { addLeiaToActivityCommand } from '@client/activities/paletteArguments';
import { focusOn } from '@client/components/useFocusRequest';
import { EvaluationActor } from '@client/evaluation/actors';
import { type Command, defineCommand, type StaticArgument, usePaletteCommands } from '@client/palette';
import { ACTIVITY_IMPORT_TEXTS, isImporting } from '@machines/activityImport';
import {
  type ActivityLeia,
  deleteActivity,
  newActivity,
  openActivity,
  otherMode,
  publishActivity,
  removeLeia,
  setMode,
} from '@machines/activityList/actions';
import { ACTIVITY_LIST_TEXTS } from '@machines/activityList/contract';
import { isBusy } from '@machines/addToActivity';
import { EVALUATION_VIEW_TEXTS, evaluateTranscription, isEvaluating } from '@machines/evaluation';
import { addLink, autoGenerate, editJson, record, viewTranscription } from '@machines/transcription/actions';
import { type TranscriptionTarget, transcriptionTarget } from '@machines/transcription/contract';
import { configLeiaName, transcriptionKind } from '@shared/activity-config';
import { canManageActivities } from '@shared/permissions';
import { ACTIVITY_MODES, type Activity, type ActivityMode } from '@shared/schemas/activities';
import { useMemo } from 'react';
import type { AnyMachineSnapshot } from 'xstate';
import { ActivityImportActor, ActivityListActor, TranscriptionActor } from './actors';
import { downloadActivity } from './exportActivity';
import { openImportPicker } from './ImportActivity';

const GROUP = 'Activities';

/** A LEIA of an activity, where the palette lists it. */
interface Entry extends ActivityLeia {
  index: number;
}

/** Shows an activity's card open and moves the focus to it (after the list has re-rendered). */
const reveal = (id: string) =>
  requestAnimationFrame(() => {
    const card = document.querySelector<HTMLElement>(`[data-activity-id="${CSS.escape(id)}"]`);
    card?.scrollIntoView({ block: 'nearest' });
    focusOn(card?.querySelector<HTMLElement>('button[aria-expanded]'));
  });

type Activities = () => Activity[];

/** The state and actors the commands act on. */
interface Deps {
  list: ReturnType<typeof ActivityListActor.useActorRef>;
  transcription: ReturnType<typeof TranscriptionActor.useActorRef>;
  adding: ReturnType<typeof AddToActivityActor.useActorRef>;
  evaluation: ReturnType<typeof EvaluationActor.useActorRef>;
  /** The flows' snapshots the commands are built from (useActionSnapshot). */
  listNow: AnyMachineSnapshot;
  transcriptionNow: AnyMachineSnapshot;
  activities: Activities;
  addBusy: boolean;
  evaluating: boolean;
  importing: boolean;
}

const activityPage = (activities: Activities, placeholder: string): TargetPage<Activity> => ({
  placeholder,
  empty: 'No activities found',
  choices: activities,
  item: (activity) => ({
    id: activity.id,
    title: activity.name,
    subtitle: activity.isPublished ? 'Published' : `${activity.leias.length} LEIAs`,
  }),
});

const entries = (activities: Activities): Entry[] =>
  activities().flatMap((activity) => activity.leias.map((config, index) => ({ activity, config, index })));

const leiaItem = ({ activity, config, index }: Entry) => ({
  id: config.id,
  title: configLeiaName(config, index),
  subtitle: `${activity.name} · ${config.configuration.mode}`,
  keywords: [activity.name],
});

const leiaPage = <Target,>(
  activities: Activities,
  placeholder: string,
  targetOf: (entry: Entry) => Target,
): TargetPage<Target, Entry> => ({
  placeholder,
  empty: 'No LEIAs found',
  choices: () => entries(activities),
  item: leiaItem,
  targetOf,
});

/** New, open, publish and delete an activity. */
const activityCommands = ({ list, listNow, activities }: Deps): Command[] => [
  actionCommand(list, listNow, newActivity),
  targetCommand(list, listNow, openActivity, activityPage(activities, 'Open which activity? Type a name'), {
    after: (activity) => reveal(activity.id),
  }),
  targetCommand(
    list,
    listNow,
    publishActivity,
    activityPage(activities, 'Publish which activity? Type a name'),
  ),
  targetCommand(
    list,
    listNow,
    deleteActivity,
    activityPage(activities, 'Delete which activity? Type a name'),
  ),
];

/** Add a LEIA to an activity, delete one from it, set its mode. */
const activityLeiaCommands = ({ list, listNow, adding, activities, addBusy }: Deps): Command[] => [
  addLeiaToActivityCommand({
    disabled: addBusy ? ACTIVITY_LIST_TEXTS.busy : undefined,
    run: (leia, activity) => adding.send({ type: 'add.direct', leia, activity }),
  }),
  targetCommand(
    list,
    listNow,
    removeLeia,
    leiaPage(activities, 'Delete which LEIA from its activity? Type a name', ({ activity, config }) => ({
      activity,
      config,
    })),
  ),
  defineCommand({
    ...commandFields(setMode, listNow),
    args: [
      targetArgument(
        list,
        setMode,
        leiaPage(activities, 'Set the mode of which LEIA? Type a name', (entry) => ({
          ...entry,
          mode: otherMode(entry.config.configuration.mode),
        })),
      ),
      ({ config }: ActivityLeia): StaticArgument<ActivityMode> => ({
        placeholder: 'Which mode?',
        load: () =>
          ACTIVITY_MODES.filter((mode) => mode !== config.configuration.mode).map((mode) => ({
            id: mode,
            title: mode,
            value: mode,
          })),
      }),
    ],
    run: (target, mode) => list.send(setMode.event({ ...target, mode })),
  }),
];

/** The transcription flows of a LEIA in transcription mode (link, generate, record, JSON), and viewing it. */
const transcriptionFlowCommands = ({
  list,
  transcription,
  transcriptionNow,
  activities,
}: Deps): Command[] => {
  const expand = (target: TranscriptionTarget) => list.send({ type: 'card.expand', id: target.activityId });
  const flow = (action: typeof addLink, placeholder: string) =>
    targetCommand(
      transcription,
      transcriptionNow,
      action,
      leiaPage(activities, placeholder, ({ activity, config }) => transcriptionTarget(activity, config)),
      { after: expand },
    );
  return [
    flow(addLink, 'Add transcription link for which LEIA? Type a name'),
    flow(autoGenerate, 'Auto-generate transcription for which LEIA? Type a name'),
    flow(record, 'Record transcription in a chat for which LEIA? Type a name'),
    flow(editJson, 'Edit transcription JSON for which LEIA? Type a name'),
    targetCommand(
      transcription,
      transcriptionNow,
      viewTranscription,
      leiaPage(activities, 'View the transcription of which LEIA? Type a name', ({ activity, config }) =>
        transcriptionTarget(activity, config),
      ),
    ),
  ];
};

/** Evaluate a LEIA's transcription. */
const evaluateCommands = ({ evaluation, activities, evaluating }: Deps): Command[] => [
  defineCommand({
    id: 'activities.evaluateTranscription',
    title: 'Evaluate transcription...',
    group: GROUP,
    keywords: ['report', 'coverage', 'score', 'solution', 'conversation'],
    allowed: canManageActivities,
    disabled: evaluating ? EVALUATION_VIEW_TEXTS.evaluating : undefined,
    args: [
      {
        placeholder: 'Evaluate the transcription of which LEIA? Type a name',
        empty: 'No LEIAs found',
        load: () =>
          entries(activities)
            .filter(({ config }) => transcriptionKind(config) === 'messages')
            .map((entry) => ({ ...leiaItem(entry), value: entry })),
      },
    ],
    run: ({ activity, config }) => {
      const target = transcriptionTarget(activity, config);
      const messages = config.configuration.data?.messages ?? [];
      evaluation.send(evaluateTranscription(target.leiaId, messages, target.leiaName));
    },
  }),
];

/** Every activity (exporting is no event of the list's machine). */
const exportPage = (activities: Activities, placeholder: string): StaticArgument<Activity> => {
  const { empty, item } = activityPage(activities, placeholder);
  return {
    placeholder,
    empty,
    load: () => activities().map((activity) => ({ ...item(activity), value: activity })),
  };
};

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
    args: [exportPage(activities, 'Export which activity? Type a name')],
    run: (activity) => downloadActivity(activity, 'json'),
  }),
  defineCommand({
    id: 'activities.exportCsv',
    title: 'Export transcriptions as CSV...',
    group: GROUP,
    keywords: ['download', 'research', 'spreadsheet'],
    allowed: canManageActivities,
    args: [exportPage(activities, 'Export the transcriptions of which activity? Type a name')],
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
  const listNow = useActionSnapshot(list, [newActivity]);
  const transcriptionNow = useActionSnapshot(transcription);
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
      listNow,
      transcriptionNow,
      activities: () => list.getSnapshot().context.activities,
      addBusy,
      evaluating,
      importing,
    };
    return [
      ...activityCommands(deps),
      ...activityLeiaCommands(deps),
      ...transcriptionFlowCommands(deps),
      ...evaluateCommands(deps),
      ...activityFileCommands(deps),
    ];
  }, [list, transcription, adding, listNow, transcriptionNow, addBusy, evaluation, evaluating, importing]);
  // One registration for the screen: its class-session commands (useClassSessionCommands) last.
  const all = useMemo(() => [...commands, ...classCommands], [commands, classCommands]);
  usePaletteCommands(all);
}
