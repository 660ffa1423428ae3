import { actionCommand, type TargetPage, targetCommand } from '@client/actions/commands';
import { useActionSnapshot } from '@client/actions/useActionSnapshot';
import {
  ArrowLeftIcon,
  CheckIcon,
  ChevronRightIcon,
  ClockIcon,
  EditIcon,
  MessageIcon,
  RefreshIcon,
  SparklesIcon,
  TrashIcon,
} from '@client/components';
import { type Command, usePaletteCommands } from '@client/palette';
import { StartSessionActor } from '@client/runner/startSession';
import { availability } from '@machines/action';
import { RESOURCE_LISTS_TEXTS } from '@machines/resourceLists';
import {
  deletePart,
  editPart,
  finish,
  nextStep,
  partHistory,
  previousStep,
  resetPart,
  selectPart,
  startOver,
  tryDesign,
  tryStart,
} from '@machines/wizard/actions';
import { WIZARD_COMMAND_REASONS } from '@machines/wizard/contract';
import { PART_KINDS, type PartKind, type WizardPart } from '@machines/wizard/parts';
import { type Actor, canSeeBehaviour } from '@shared/permissions';
import { useMemo } from 'react';
import type { AnyMachineSnapshot } from 'xstate';
import { ResourceListsActor, WizardActor } from './actors';
import { PART_LABEL, processText } from './labels';
import { behaviourSummary } from './select/BehaviourPicker';

/** The page of one list's parts (its filters as they are on screen), each with what it says of the part. */
const partPage = (
  kind: PartKind,
  verb: string,
  read: () => WizardPart[],
  viewer: Actor,
): TargetPage<WizardPart> => ({
  placeholder: `${verb} which ${kind}? Type a name`,
  empty: RESOURCE_LISTS_TEXTS.noItems,
  choices: read,
  item: (part) => {
    const hidden = kind === 'behaviour' && !canSeeBehaviour(viewer);
    const description = typeof part.spec.description === 'string' && !hidden ? part.spec.description : '';
    return {
      id: part.id,
      title: part.metadata.name,
      subtitle:
        kind === 'behaviour'
          ? behaviourSummary(part)
          : `v${part.metadata.version} · ${part.user?.email ?? ''}`,
      keywords: [description, processText(part.spec.process)].filter(Boolean),
    };
  },
});

/** The page of Show history...: the chosen parts (the machine takes History of those). */
const historyPage = (partOf: (kind: PartKind) => WizardPart | undefined): TargetPage<PartKind> => ({
  placeholder: 'Show the history of which part? Type a name',
  empty: RESOURCE_LISTS_TEXTS.noItems,
  choices: () => [...PART_KINDS],
  item: (kind) => {
    const part = partOf(kind);
    return {
      id: kind,
      title: part?.metadata.name ?? '',
      subtitle: `${PART_LABEL[kind]} · v${part?.metadata.version ?? ''}`,
    };
  },
});

/** The actors the commands act on, and the wizard's snapshot they are built from. */
interface Deps {
  wizard: ReturnType<typeof WizardActor.useActorRef>;
  /** The wizard's snapshot the commands are built from (useActionSnapshot). */
  now: AnyMachineSnapshot;
  viewer: Actor;
  itemsOf: (kind: PartKind) => () => WizardPart[];
  /** The session machine's snapshot: Try waits while its session starts (`tryStart`). */
  session: AnyMachineSnapshot;
  /** A LEIA has been generated (Try has something to try). */
  hasLeia: boolean;
}

/** Design a new LEIA (start over: it replaces the menu's command while here), Next step, Previous step. */
const stepCommands = ({ wizard, now }: Deps): Command[] => [
  actionCommand(wizard, now, startOver, { icon: <SparklesIcon /> }),
  actionCommand(wizard, now, nextStep, { icon: <ChevronRightIcon /> }),
  actionCommand(wizard, now, previousStep, { icon: <ArrowLeftIcon /> }),
];

/** Select, Edit, Reset and Delete each part; Show history... of a chosen part. */
const partCommands = ({ wizard, now, viewer, itemsOf }: Deps): Command[] => [
  ...PART_KINDS.map((kind) =>
    targetCommand(wizard, now, selectPart[kind], partPage(kind, 'Select', itemsOf(kind), viewer), {
      icon: <CheckIcon />,
    }),
  ),
  ...PART_KINDS.flatMap((kind) => [
    actionCommand(wizard, now, editPart[kind], { icon: <EditIcon /> }),
    actionCommand(wizard, now, resetPart[kind], { icon: <RefreshIcon /> }),
  ]),
  ...PART_KINDS.map((kind) =>
    targetCommand(wizard, now, deletePart[kind], partPage(kind, 'Delete', itemsOf(kind), viewer), {
      icon: <TrashIcon />,
    }),
  ),
  targetCommand(
    wizard,
    now,
    partHistory,
    historyPage((kind) => wizard.getSnapshot().context.parts[kind]),
    { icon: <ClockIcon /> },
  ),
];

/** Try this design (once a LEIA is generated; not while a session starts), Finish. */
const finishCommands = ({ wizard, now, session, hasLeia }: Deps): Command[] => {
  const tryCommand = actionCommand(wizard, now, tryDesign, { icon: <MessageIcon /> });
  return [
    {
      ...tryCommand,
      disabled:
        availability(session, tryStart, undefined).reason ??
        tryCommand.disabled ??
        (hasLeia ? undefined : WIZARD_COMMAND_REASONS.nothingToTry),
    },
    actionCommand(wizard, now, finish, { icon: <CheckIcon /> }),
  ];
};

/**
 * The wizard's palette commands, registered while it is mounted: Design a new LEIA (start over),
 * Next step and Previous step, Select persona... / problem... / behaviour..., Edit and Reset each
 * part, Show history... of a part, Delete a resource, Try this design and Finish; each disabled with its reason while it
 * cannot run, and the behaviour's Edit only for those who may see behaviours.
 */
export function useWizardCommands(viewer: Actor) {
  const wizard = WizardActor.useActorRef();
  const lists = ResourceListsActor.useActorRef();
  const hasLeia = WizardActor.useSelector((s) => s.context.generation?.leia != null);
  const now = useActionSnapshot(wizard, UNTARGETED);
  const session = useActionSnapshot(StartSessionActor.useActorRef(), TRY_START);

  const commands = useMemo((): Command[] => {
    const deps: Deps = {
      wizard,
      now,
      viewer,
      itemsOf: (kind) => () => lists.getSnapshot().context.lists[kind].items,
      session,
      hasLeia,
    };
    return [...stepCommands(deps), ...partCommands(deps), ...finishCommands(deps)];
  }, [wizard, lists, now, session, hasLeia, viewer]);
  usePaletteCommands(commands);
}

/** The actions without a target whose guards answer within a state (a part edited, a LEIA generated). */
const UNTARGETED = [
  nextStep,
  previousStep,
  finish,
  tryDesign,
  ...PART_KINDS.flatMap((kind) => [editPart[kind], resetPart[kind]]),
];

/** Whether Try's session is starting answers within the session machine's Starting state. */
const TRY_START = [tryStart];
