import { actionCommand } from '@client/actions/commands';
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
import { type Command, defineCommand, type StaticArgument, usePaletteCommands } from '@client/palette';
import { useStartSession } from '@client/runner/startSession';
import { HistoryActor } from '@client/versions/actors';
import { openDeleteResource } from '@machines/deleteResource';
import { RESOURCE_LISTS_TEXTS } from '@machines/resourceLists';
import { finish, nextStep, previousStep, tryDesign } from '@machines/wizard/actions';
import { WIZARD_COMMAND_REASONS } from '@machines/wizard/contract';
import type { WizardSnapshot } from '@machines/wizard/machine';
import { PART_KINDS, type PartKind, type WizardPart } from '@machines/wizard/parts';
import { hasUnsavedEdits, wizardStep } from '@machines/wizard/selectors';
import { type Actor, canDelete, canSeeBehaviour } from '@shared/permissions';
import { shallowEqual } from '@xstate/react';
import { useMemo } from 'react';
import type { AnyMachineSnapshot } from 'xstate';
import {
  DeleteResourceActor,
  LeaveConfirmActor,
  PartEditorActor,
  ResourceListsActor,
  WizardActor,
} from './actors';
import { historyTarget } from './edit/PartHistoryModal';
import { PART_LABEL, processText } from './labels';
import { behaviourSummary } from './select/BehaviourPicker';

const GROUP = 'Design';
const signedIn = (actor: Actor | null) => actor !== null;

const selectState = (s: WizardSnapshot) => ({
  step: wizardStep(s),
  hasLeia: s.context.generation?.leia != null,
  unsaved: hasUnsavedEdits(s),
  edited: PART_KINDS.filter((kind) => s.context.parts[kind]?.edited).join(','),
});

type State = ReturnType<typeof selectState>;

/** A page of the parts one list holds (its filters as they are on screen). */
const partPage = (
  kind: PartKind,
  verb: string,
  read: () => WizardPart[],
  viewer: Actor,
  keep: (part: WizardPart) => boolean = () => true,
): StaticArgument<WizardPart> => ({
  placeholder: `${verb} which ${kind}? Type a name`,
  empty: RESOURCE_LISTS_TEXTS.noItems,
  load: () =>
    read()
      .filter(keep)
      .map((part) => {
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
          value: part,
        };
      }),
});

/** The actors, the state and what follows from it that the commands act on. */
interface Deps {
  wizard: ReturnType<typeof WizardActor.useActorRef>;
  editor: ReturnType<typeof PartEditorActor.useActorRef>;
  remove: ReturnType<typeof DeleteResourceActor.useActorRef>;
  confirm: ReturnType<typeof LeaveConfirmActor.useActorRef>;
  history: ReturnType<typeof HistoryActor.useActorRef>;
  state: State;
  /** The wizard's snapshot the step commands are built from (useActionSnapshot). */
  now: AnyMachineSnapshot;
  viewer: Actor;
  itemsOf: (kind: PartKind) => () => WizardPart[];
  partOf: (kind: PartKind) => WizardPart | null | undefined;
  selectDisabled: string | undefined;
  editDisabled: string | undefined;
  starting: boolean;
}

/** Design a new LEIA (start over), Next step, Previous step. */
const stepCommands = ({ wizard, confirm, state, now }: Deps): Command[] => [
  {
    // Replaces the menu's command while here: on this screen it starts over.
    id: 'nav.design',
    title: 'Design a new LEIA',
    group: GROUP,
    icon: <SparklesIcon />,
    keywords: ['start over', 'discard', 'new', 'wizard', 'create'],
    allowed: signedIn,
    disabled: now.can({ type: 'wizard.discard' }) ? undefined : WIZARD_COMMAND_REASONS.finishing,
    run: () => {
      if (state.unsaved) confirm.send({ type: 'confirm.ask', pending: { kind: 'discard' } });
      else wizard.send({ type: 'wizard.discard' });
    },
  },
  actionCommand(wizard, now, nextStep, { icon: <ChevronRightIcon /> }),
  actionCommand(wizard, now, previousStep, { icon: <ArrowLeftIcon /> }),
];

/** Select persona... / problem... / behaviour... */
const selectCommands = ({ wizard, viewer, itemsOf, selectDisabled }: Deps): Command[] =>
  PART_KINDS.map((kind) =>
    defineCommand({
      id: `wizard.select.${kind}`,
      title: `Select ${kind}...`,
      group: GROUP,
      icon: <CheckIcon />,
      keywords: ['choose', 'pick', PART_LABEL[kind]],
      allowed: signedIn,
      disabled: selectDisabled,
      args: [partPage(kind, 'Select', itemsOf(kind), viewer)],
      run: (part) => wizard.send({ type: 'part.select', kind, part }),
    }),
  );

/** Edit and Reset each part. */
const editCommands = ({ wizard, editor, state, partOf, editDisabled }: Deps): Command[] => {
  const edited = state.edited.split(',');
  return PART_KINDS.flatMap((kind): Command[] => [
    {
      id: `wizard.edit.${kind}`,
      title: `Edit ${kind}`,
      group: GROUP,
      icon: <EditIcon />,
      keywords: ['change', 'customise', 'json'],
      allowed: kind === 'behaviour' ? canSeeBehaviour : signedIn,
      disabled: editDisabled,
      run: () => {
        const part = partOf(kind);
        if (part) editor.send({ type: 'editor.open', kind, part });
      },
    },
    {
      id: `wizard.reset.${kind}`,
      title: `Reset ${kind}`,
      group: GROUP,
      icon: <RefreshIcon />,
      keywords: ['undo', 'original', 'revert'],
      allowed: kind === 'behaviour' ? canSeeBehaviour : signedIn,
      disabled: editDisabled ?? (edited.includes(kind) ? undefined : WIZARD_COMMAND_REASONS.notEdited),
      run: () => wizard.send({ type: 'part.reset', kind }),
    },
  ]);
};

/** Delete a resource of each list. */
const deleteCommands = ({ remove, viewer, itemsOf, selectDisabled }: Deps): Command[] =>
  PART_KINDS.map((kind) =>
    defineCommand({
      id: `wizard.delete.${kind}`,
      title: `Delete ${kind}...`,
      group: GROUP,
      icon: <TrashIcon />,
      keywords: ['remove', 'resource'],
      allowed: signedIn,
      disabled: selectDisabled,
      args: [partPage(kind, 'Delete', itemsOf(kind), viewer, (part) => canDelete(viewer, part))],
      run: (part) => remove.send(openDeleteResource(kind, part)),
    }),
  );

/** Show history... of a part. */
const historyCommand = ({ history, partOf, editDisabled }: Deps): Command =>
  defineCommand({
    id: 'wizard.history',
    title: 'Show history...',
    group: GROUP,
    icon: <ClockIcon />,
    keywords: ['versions', 'diff', 'compare', 'restore', 'changes'],
    allowed: signedIn,
    disabled: editDisabled ? WIZARD_COMMAND_REASONS.historyOnEdit : undefined,
    args: [
      {
        placeholder: 'Show the history of which part? Type a name',
        empty: RESOURCE_LISTS_TEXTS.noItems,
        load: () =>
          PART_KINDS.flatMap((kind) => {
            const part = partOf(kind);
            return part
              ? [
                  {
                    id: kind,
                    title: part.metadata.name,
                    subtitle: `${PART_LABEL[kind]} · v${part.metadata.version}`,
                    value: kind,
                  },
                ]
              : [];
          }),
      },
    ],
    run: (kind) => {
      const part = partOf(kind);
      if (part) history.send({ type: 'history.open', target: historyTarget(kind, part) });
    },
  });

/** Try this design (once a LEIA is generated; not while a session starts), Finish. */
const finishCommands = ({ wizard, state, now, starting }: Deps): Command[] => {
  const tryCommand = actionCommand(wizard, now, tryDesign, { icon: <MessageIcon /> });
  return [
    {
      ...tryCommand,
      disabled: starting
        ? WIZARD_COMMAND_REASONS.starting
        : (tryCommand.disabled ?? (state.hasLeia ? undefined : WIZARD_COMMAND_REASONS.nothingToTry)),
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
  const editor = PartEditorActor.useActorRef();
  const remove = DeleteResourceActor.useActorRef();
  const confirm = LeaveConfirmActor.useActorRef();
  const history = HistoryActor.useActorRef();
  const state = WizardActor.useSelector(selectState, shallowEqual);
  const now = useActionSnapshot(wizard, [nextStep, previousStep, finish, tryDesign]);
  const { startingKey } = useStartSession();
  const starting = startingKey === 'wizard';

  const commands = useMemo((): Command[] => {
    const deps: Deps = {
      wizard,
      editor,
      remove,
      confirm,
      history,
      state,
      now,
      viewer,
      itemsOf: (kind) => () => lists.getSnapshot().context.lists[kind].items,
      partOf: (kind) => wizard.getSnapshot().context.parts[kind],
      selectDisabled: state.step === 1 ? undefined : WIZARD_COMMAND_REASONS.notSelecting,
      editDisabled: state.step === 2 ? undefined : WIZARD_COMMAND_REASONS.notEditing,
      starting,
    };
    return [
      ...stepCommands(deps),
      ...selectCommands(deps),
      ...editCommands(deps),
      ...deleteCommands(deps),
      historyCommand(deps),
      ...finishCommands(deps),
    ];
  }, [wizard, lists, editor, remove, confirm, history, state, now, starting, viewer]);
  usePaletteCommands(commands);
}
