import { withFailure } from '@client/api/errors';
import { listVersions } from '@client/api/history';
import { createLeia, leiaExists } from '@client/api/leias';
import { createResource, deleteResource, listResources, resourceExists } from '@client/api/resources';
import { LEAVING_DESIGN, readDesignNavigation } from '@client/design/navigation';
import { LEIA_LIST_TARGET, requestFocus } from '@client/palette';
import { ROUTES } from '@client/routes';
import { StartSessionActor, StartSessionActors } from '@client/runner/startSession';
import { showNotice } from '@client/toasts';
import { HistoryActor, HistoryActors, type OnRestored } from '@client/versions/actors';
import { DELETE_RESOURCE_INPUT, deleteResourceMachine, openDeleteResource } from '@machines/deleteResource';
import { leaveConfirmMachine } from '@machines/leaveConfirm';
import { nameCheckMachine } from '@machines/nameCheck';
import { partEditorMachine } from '@machines/partEditor';
import { resourceListsMachine } from '@machines/resourceLists';
import type { StartSessionTexts } from '@machines/startSession';
import {
  TRY_SESSION_KEY,
  WIZARD_TEXTS,
  type WizardEmitted,
  type WizardInput,
} from '@machines/wizard/contract';
import { wizardMachine } from '@machines/wizard/machine';
import type { WizardPart } from '@machines/wizard/parts';
import { historyTarget } from '@machines/wizard/parts';
import { wizardDraft } from '@machines/wizard/selectors';
import { type Actor, canPublish, canSeeBehaviour } from '@shared/permissions';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { draftStorage } from './draftStorage';
import { leaveNow } from './useLeaveGuard';

/**
 * The design wizard's actors (docs/conventions.md "Wiring a machine to a view"): the flow, the
 * three lists of step 1, the part editor, the resource delete dialog and the leave question.
 * Every IO actor rejects with a Failure (withFailure).
 */
export const WizardActor = createActorContext(wizardMachine);
export const ResourceListsActor = createActorContext(resourceListsMachine);
export const PartEditorActor = createActorContext(partEditorMachine);
export const DeleteResourceActor = createActorContext(deleteResourceMachine);
export const LeaveConfirmActor = createActorContext(leaveConfirmMachine);

const WIZARD_START_TEXTS: StartSessionTexts = {
  noSession: WIZARD_TEXTS.sessionFailed,
  failed: WIZARD_TEXTS.sessionFailed,
};

/**
 * Where the design starts: a design brought back from a chat, else the kept draft; a preset goes
 * along with the draft, and the machine decides (it asks before replacing unsaved edits).
 */
const startingInput = (user: Actor): WizardInput => {
  const viewer = { seesBehaviour: canSeeBehaviour(user), publishes: canPublish(user), actor: user };
  const navigation = readDesignNavigation(window.history.state);
  const draft = navigation.wizardState ?? draftStorage.read(user.id);
  if (navigation.preset) return { viewer, draft, preset: navigation.preset, source: navigation.source };
  return { viewer, draft };
};

/** Wires the screen's machines once, for the signed-in `user` (the screen is keyed by user). */
export function WizardActors({ user, children }: { user: Actor; children: ReactNode }) {
  const [input] = useState(() => startingInput(user));
  const [lists] = useState(() =>
    resourceListsMachine.provide({
      actors: {
        loadList: fromPromise(
          async ({ input: { kind, ...filters }, signal }) =>
            (await withFailure(listResources(kind, filters, { signal }))) as WizardPart[],
        ),
      },
    }),
  );
  // Read once: the preset or the design it carried is the wizard's now (a reload must not apply
  // a preset again over later edits).
  useEffect(() => {
    if (window.history.state !== null)
      leaveNow(() => window.history.replaceState(null, '', window.location.href));
  }, []);
  return (
    <StartSessionActors texts={WIZARD_START_TEXTS}>
      <ResourceListsActor.Provider logic={lists}>
        <FlowActors user={user} input={input}>
          {children}
        </FlowActors>
      </ResourceListsActor.Provider>
    </StartSessionActors>
  );
}

function FlowActors({ user, input, children }: { user: Actor; input: WizardInput; children: ReactNode }) {
  const [, navigate] = useLocation();
  const session = StartSessionActor.useActorRef();
  const [logic] = useState(() =>
    wizardMachine.provide({
      actors: {
        nameCheck: nameCheckMachine.provide({
          actors: {
            nameExists: fromPromise(({ input: { key, name }, signal }) =>
              withFailure(
                key === 'leia' ? leiaExists(name, { signal }) : resourceExists(key, name, { signal }),
              ),
            ),
          },
        }),
        createResource: fromPromise(({ input: { kind, body, publish } }) =>
          withFailure(createResource(kind, body, { publish })),
        ),
        createLeia: fromPromise(({ input: { body, publish } }) => withFailure(createLeia(body, { publish }))),
        loadLatest: fromPromise(async ({ input, signal }) => {
          // Each item on its own: one that cannot be read keeps its own version as the base.
          const answers = await Promise.allSettled(
            input.map(({ kind, id }) => listVersions(kind, id, { signal })),
          );
          return Object.fromEntries(
            input.flatMap(({ key }, i) => {
              const answer = answers[i];
              const latest = answer?.status === 'fulfilled' ? answer.value[0] : undefined;
              return latest ? [[key, { version: latest.version, user: latest.user }]] : [];
            }),
          );
        }),
      },
      actions: {
        startTry: (_, { body, draft, problemDescription }) =>
          session.send({
            type: 'session.start',
            request: { key: TRY_SESSION_KEY, body, state: { wizardState: draft, problemDescription } },
          }),
        finished: (_, { name }) => {
          draftStorage.clear(user.id);
          showNotice(null, { tone: 'success', message: WIZARD_TEXTS.created(name) });
          navigate(ROUTES.myLeias, { state: LEAVING_DESIGN });
          // The new LEIA heads My LEIAs (newest first): its row takes the focus once listed.
          requestFocus(LEIA_LIST_TARGET);
        },
      },
    }),
  );
  return (
    <WizardActor.Provider logic={logic} options={{ input }}>
      <KeepDraft userId={user.id} />
      <DialogActors user={user}>{children}</DialogActors>
    </WizardActor.Provider>
  );
}

/** The design in progress goes to session storage as it changes (wizardDraft: null once finished). */
function KeepDraft({ userId }: { userId: string }) {
  const wizard = WizardActor.useActorRef();
  useEffect(() => {
    const keep = () => {
      const draft = wizardDraft(wizard.getSnapshot());
      if (draft) draftStorage.write(userId, draft);
      else draftStorage.clear(userId);
    };
    keep();
    return wizard.subscribe(keep).unsubscribe;
  }, [wizard, userId]);
  return null;
}

/**
 * The editor saves into the design; a delete reloads its list and forgets a chosen part; a part's
 * History (its versions, compare, restore) reloads its list when it restores a version.
 */
function DialogActors({ user, children }: { user: Actor; children: ReactNode }) {
  const [, navigate] = useLocation();
  const wizard = WizardActor.useActorRef();
  const lists = ResourceListsActor.useActorRef();
  const [logic] = useState(() => ({
    editor: partEditorMachine.provide({
      actions: {
        onSave: (_, { kind, spec, apiVersion }) => wizard.send({ type: 'part.save', kind, spec, apiVersion }),
      },
    }),
    remove: deleteResourceMachine.provide({
      actors: {
        deleteItem: fromPromise(({ input: { target } }) =>
          withFailure(deleteResource(target.kind, target.id)),
        ),
      },
      actions: {
        onDeleted: (_, { target }) => {
          lists.send({ type: 'lists.reload', kind: target.kind });
          wizard.send({ type: 'part.deleted', kind: target.kind, id: target.id });
        },
      },
    }),
    leave: leaveConfirmMachine.provide({
      actions: {
        onAccepted: (_, pending) => {
          if (pending.kind === 'discard') wizard.send({ type: 'wizard.discard' });
          else leaveNow(() => navigate(pending.to, { state: pending.state, replace: pending.replace }));
        },
      },
    }),
  }));
  const reloadList = useCallback<OnRestored>(
    (target) => {
      if (target.kind !== 'leia') lists.send({ type: 'lists.reload', kind: target.kind });
    },
    [lists],
  );
  return (
    <PartEditorActor.Provider logic={logic.editor}>
      <DeleteResourceActor.Provider logic={logic.remove} options={{ input: DELETE_RESOURCE_INPUT }}>
        <LeaveConfirmActor.Provider logic={logic.leave}>
          <HistoryActors viewer={user} onRestored={reloadList}>
            <OpenPartDialogs />
            {children}
          </HistoryActors>
        </LeaveConfirmActor.Provider>
      </DeleteResourceActor.Provider>
    </PartEditorActor.Provider>
  );
}

/** What the wizard asks to open once it takes Edit, History or Delete (WizardEmitted), or Start over with unsaved edits (ask.discard), opened. */
function OpenPartDialogs() {
  const wizard = WizardActor.useActorRef();
  const editor = PartEditorActor.useActorRef();
  const remove = DeleteResourceActor.useActorRef();
  const history = HistoryActor.useActorRef();
  const confirm = LeaveConfirmActor.useActorRef();
  useEffect(() => {
    const on = (type: WizardEmitted['type'], open: (opened: WizardEmitted) => void) =>
      wizard.on(type, (event) => open(event as unknown as WizardEmitted));
    const subscriptions = [
      on('open.editor', ({ kind, part }) => editor.send({ type: 'editor.open', kind, part })),
      on('open.history', ({ kind, part }) =>
        history.send({ type: 'history.open', target: historyTarget(kind, part) }),
      ),
      on('open.delete', ({ kind, part }) => remove.send(openDeleteResource(kind, part))),
      wizard.on('ask.discard', () => confirm.send({ type: 'confirm.ask', pending: { kind: 'discard' } })),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [wizard, editor, remove, history, confirm]);
  return null;
}
