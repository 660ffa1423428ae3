import { AddToActivityActors } from '@client/activities/addToActivityActor';
import {
  createActivity,
  deleteActivity,
  importActivity,
  listActivities,
  publishActivity,
  removeLeiaFromActivity,
  saveTranscription,
  setLeiaMode,
} from '@client/api/activities';
import { listClassSessions, startClassSession } from '@client/api/classSessions';
import { withFailure } from '@client/api/errors';
import { getLeia } from '@client/api/leias';
import { generateTranscription, initializeSession } from '@client/api/runner';
import { EvaluationActors, LeakCheckActors } from '@client/evaluation/actors';
import { chatPath, classSessionPath } from '@client/routes';
import type { ChatNavigationState } from '@client/runner/navigation';
import { LeiaViewActor } from '@client/screens/Search/actors';
import { showNotice } from '@client/toasts';
import { activityImportMachine } from '@machines/activityImport';
import type { ActivityChange } from '@machines/activityList/contract';
import { activityListMachine } from '@machines/activityList/machine';
import { classSessionListMachine } from '@machines/classSessions/list';
import { classStartMachine } from '@machines/classSessions/start';
import { leiaViewMachine } from '@machines/leiaView';
import type { TranscriptionTarget } from '@machines/transcription/contract';
import { transcriptionMachine } from '@machines/transcription/machine';
import { configLeiaId } from '@shared/activity-config';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';

/**
 * My Activities' actors: the list and its card actions, the transcription flows, adding a LEIA
 * (the palette), importing an exported activity, the View modal of a LEIA (the Search screen's, with its leak check), and the
 * report of a transcription (Evaluate). The list comes first: the
 * others hand it what changed. Every IO actor rejects with a Failure (withFailure).
 */

export const ActivityListActor = createActorContext(activityListMachine);
export const TranscriptionActor = createActorContext(transcriptionMachine);
export const ActivityImportActor = createActorContext(activityImportMachine);
/** 'Start class session' (machines/classSessions/start.ts). */
export const ClassStartActor = createActorContext(classStartMachine);
/** One activity card's class sessions (machines/classSessions/list.ts): a provider per card. */
export const ClassSessionListActor = createActorContext(classSessionListMachine);

export function ClassSessionListActors({
  experimentId,
  children,
}: {
  experimentId: string;
  children: ReactNode;
}) {
  const [logic] = useState(() =>
    classSessionListMachine.provide({
      actors: {
        load: fromPromise(({ input, signal }) =>
          withFailure(listClassSessions(input.experimentId, { signal })),
        ),
      },
    }),
  );
  const [options] = useState(() => ({ input: { experimentId } }));
  return (
    <ClassSessionListActor.Provider logic={logic} options={options}>
      {children}
    </ClassSessionListActor.Provider>
  );
}

const configRef = (change: ActivityChange) =>
  'config' in change ? { id: change.config.id, leia: configLeiaId(change.config) } : null;

/** What the chat needs to record a transcription for this configuration (spec: navigation state). */
export const chatStateFor = (target: TranscriptionTarget): ChatNavigationState => ({
  problemDescription: target.problemDescription,
  experimentId: target.activityId,
  leiaConfigId: target.config.id,
  leiaConfig: { leia: target.leiaId, configuration: target.config.configuration },
});

export function ActivityActors({ children }: { children: ReactNode }) {
  const [logic] = useState(() =>
    activityListMachine.provide({
      actors: {
        loadActivities: fromPromise(({ signal }) =>
          withFailure(listActivities({ populated: true }, { signal })),
        ),
        createActivity: fromPromise(({ input }) => withFailure(createActivity(input.name))),
        publishActivity: fromPromise(({ input }) => withFailure(publishActivity(input.activity.id))),
        deleteActivity: fromPromise(({ input }) => withFailure(deleteActivity(input.activity.id))),
        removeLeia: fromPromise(({ input }) =>
          withFailure(removeLeiaFromActivity(input.activity.id, configRef(input)?.id ?? '')),
        ),
        setMode: fromPromise(async ({ input }) => {
          const config = configRef(input);
          if (input.kind !== 'mode' || !config) throw new Error('not a mode change');
          return withFailure(setLeiaMode(input.activity.id, config, input.mode));
        }),
      },
      actions: {
        notify: showNotice,
      },
    }),
  );
  return (
    <ActivityListActor.Provider logic={logic}>
      <ActivityFlowActors>{children}</ActivityFlowActors>
    </ActivityListActor.Provider>
  );
}

function ActivityFlowActors({ children }: { children: ReactNode }) {
  const list = ActivityListActor.useActorRef();
  const [, navigate] = useLocation();
  const [logic] = useState(() => ({
    transcription: transcriptionMachine.provide({
      actors: {
        saveTranscription: fromPromise(({ input }) =>
          withFailure(
            saveTranscription(
              input.target.activityId,
              { id: input.target.config.id, leia: input.target.leiaId },
              input.data,
            ),
          ),
        ),
        generateTranscription: fromPromise(({ input, signal }) =>
          withFailure(generateTranscription({ leia: input.leiaId }, { signal })),
        ),
        startSession: fromPromise(({ input, signal }) =>
          withFailure(
            initializeSession(
              {
                leia: input.leiaId,
                experimentContext: { experimentId: input.activityId, leiaConfigId: input.config.id },
              },
              { signal },
            ),
          ),
        ),
      },
      actions: {
        notify: showNotice,
        onUpdated: (_, { activity }) => list.send({ type: 'activity.updated', activity }),
        openChat: (_, { sessionId, target }) =>
          navigate(chatPath(sessionId), { state: chatStateFor(target) }),
        openLink: (_, { url }) => {
          window.open(url, '_blank', 'noopener,noreferrer');
        },
      },
    }),
    view: leiaViewMachine.provide({
      actors: { loadLeia: fromPromise(({ input, signal }) => withFailure(getLeia(input.id, { signal }))) },
    }),
    classStart: classStartMachine.provide({
      actors: {
        start: fromPromise(({ input }) => withFailure(startClassSession(input.experimentId, input.body))),
      },
      actions: { started: (_, { sessionId }) => navigate(classSessionPath(sessionId)) },
    }),
    import: activityImportMachine.provide({
      actors: {
        readText: fromPromise(({ input }) => input.file.text()),
        importActivity: fromPromise(({ input }) => withFailure(importActivity(input))),
      },
      actions: {
        notify: showNotice,
        imported: () => list.send({ type: 'list.reload' }),
      },
    }),
  }));
  return (
    <ClassStartActor.Provider logic={logic.classStart}>
      <TranscriptionActor.Provider logic={logic.transcription}>
        <ActivityImportActor.Provider logic={logic.import}>
          <LeiaViewActor.Provider logic={logic.view}>
            <AddToActivityActors onAdded={() => list.send({ type: 'list.reload' })}>
              <EvaluationActors>
                <LeakCheckActors>{children}</LeakCheckActors>
              </EvaluationActors>
            </AddToActivityActors>
          </LeiaViewActor.Provider>
        </ActivityImportActor.Provider>
      </TranscriptionActor.Provider>
    </ClassStartActor.Provider>
  );
}
