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
import { WIZARD_TEXTS } from '@machines/wizard/contract';
import type { WizardSnapshot } from '@machines/wizard/machine';
import { PART_KINDS, type PartKind, type WizardPart } from '@machines/wizard/parts';
import { canGoForward, hasUnsavedEdits, isFinishing, wizardStep } from '@machines/wizard/selectors';
import { type Actor, canDelete, canSeeBehaviour } from '@shared/permissions';
import { shallowEqual } from '@xstate/react';
import { useMemo } from 'react';
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

/** Why a wizard command cannot run now (the palette shows it greyed with this reason). */
export const WIZARD_COMMAND_REASONS = {
  firstStep: 'This is the first step',
  lastStep: 'This is the last step: Finish creates the LEIA',
  generationError: 'The LEIA cannot be generated: see the LEIA Generation Error',
  notSelecting: 'Go back to step 1 (Selection) to change the parts',
  notEditing: 'Parts are edited in step 2 (Edit)',
  notEdited: 'This part has not been edited',
  historyOnEdit: 'A part’s History is on its card in step 2 (Edit)',
  nothingToTry: 'There is no generated LEIA to try yet',
  starting: 'Starting...',
  notCreating: 'Finish is on step 3 (Create)',
  finishing: 'The LEIA is being created',
} as const;

const GROUP = 'Design';
const signedIn = (actor: Actor | null) => actor !== null;

const selectState = (s: WizardSnapshot) => ({
  step: wizardStep(s),
  forward: canGoForward(s),
  finishing: isFinishing(s),
  hasLeia: s.context.generation?.leia != null,
  unsaved: hasUnsavedEdits(s),
  edited: PART_KINDS.filter((kind) => s.context.parts[kind]?.edited).join(','),
});

type State = ReturnType<typeof selectState>;

const forwardReason = (state: State): string | undefined => {
  if (state.forward) return undefined;
  if (state.step === 1) return WIZARD_TEXTS.missing;
  if (state.step === 2) return WIZARD_COMMAND_REASONS.generationError;
  return state.finishing ? WIZARD_COMMAND_REASONS.finishing : WIZARD_COMMAND_REASONS.lastStep;
};

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
  viewer: Actor;
  itemsOf: (kind: PartKind) => () => WizardPart[];
  partOf: (kind: PartKind) => WizardPart | null | undefined;
  selectDisabled: string | undefined;
  editDisabled: string | undefined;
  tryDisabled: string | undefined;
}

/** Design a new LEIA (start over), Next step, Previous step. */
const stepCommands = ({ wizard, confirm, state }: Deps): Command[] => [
  {
    // Replaces the menu's command while here: on this screen it starts over.
    id: 'nav.design',
    title: 'Design a new LEIA',
    group: GROUP,
    icon: <SparklesIcon />,
    keywords: ['start over', 'discard', 'new', 'wizard', 'create'],
    allowed: signedIn,
    disabled: state.finishing ? WIZARD_COMMAND_REASONS.finishing : undefined,
    run: () => {
      if (state.unsaved) confirm.send({ type: 'confirm.ask', pending: { kind: 'discard' } });
      else wizard.send({ type: 'wizard.discard' });
    },
  },
  {
    id: 'wizard.next',
    title: 'Next step',
    group: GROUP,
    icon: <ChevronRightIcon />,
    shortcut: 'Ctrl+Enter',
    keywords: ['forward', 'continue'],
    allowed: signedIn,
    disabled: state.step === 3 ? WIZARD_COMMAND_REASONS.lastStep : forwardReason(state),
    run: () => wizard.send({ type: 'wizard.next' }),
  },
  {
    id: 'wizard.previous',
    title: 'Previous step',
    group: GROUP,
    icon: <ArrowLeftIcon />,
    keywords: ['back'],
    allowed: signedIn,
    disabled:
      state.step === 1
        ? WIZARD_COMMAND_REASONS.firstStep
        : state.finishing
          ? WIZARD_COMMAND_REASONS.finishing
          : undefined,
    run: () => wizard.send({ type: 'wizard.previous' }),
  },
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

/** Try this design, Finish. */
const finishCommands = ({ wizard, state, tryDisabled }: Deps): Command[] => [
  {
    id: 'wizard.try',
    title: 'Try this design',
    group: GROUP,
    icon: <MessageIcon />,
    keywords: ['chat', 'test', 'run', 'session'],
    allowed: signedIn,
    disabled: tryDisabled,
    run: () => wizard.send({ type: 'wizard.try' }),
  },
  {
    id: 'wizard.finish',
    title: 'Finish',
    group: GROUP,
    icon: <CheckIcon />,
    shortcut: 'Ctrl+Enter',
    keywords: ['create', 'save', 'done'],
    allowed: signedIn,
    disabled: state.step !== 3 ? WIZARD_COMMAND_REASONS.notCreating : forwardReason(state),
    run: () => wizard.send({ type: 'wizard.finish' }),
  },
];

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
      viewer,
      itemsOf: (kind) => () => lists.getSnapshot().context.lists[kind].items,
      partOf: (kind) => wizard.getSnapshot().context.parts[kind],
      selectDisabled: state.step === 1 ? undefined : WIZARD_COMMAND_REASONS.notSelecting,
      editDisabled: state.step === 2 ? undefined : WIZARD_COMMAND_REASONS.notEditing,
      tryDisabled: starting
        ? WIZARD_COMMAND_REASONS.starting
        : state.step === 1 || !state.hasLeia || state.finishing
          ? WIZARD_COMMAND_REASONS.nothingToTry
          : undefined,
    };
    return [
      ...stepCommands(deps),
      ...selectCommands(deps),
      ...editCommands(deps),
      ...deleteCommands(deps),
      historyCommand(deps),
      ...finishCommands(deps),
    ];
  }, [wizard, lists, editor, remove, confirm, history, state, starting, viewer]);
  usePaletteCommands(commands);
}
