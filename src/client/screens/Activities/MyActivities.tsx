import { ActionButton } from '@client/actions/ActionButton';
import { actorOf, useAuth } from '@client/auth';
import { EmptyState, ErrorState, LoadingState, Page, PlusIcon, SearchIcon } from '@client/components';
import { DesignPresetActors } from '@client/design/designPreset';
import { EvaluationReportModal } from '@client/evaluation/EvaluationReportModal';
import { LeakCheckModal } from '@client/evaluation/LeakCheckModal';
import { ViewLeiaModal } from '@client/screens/Search/view/ViewLeiaModal';
import { newActivity } from '@machines/activityList/actions';
import { ACTIVITY_LIST_TEXTS } from '@machines/activityList/contract';
import { type ActivityListSnapshot, activityListView, loadErrorText } from '@machines/activityList/selectors';
import { shallowEqual } from '@xstate/react';
import { useMemo } from 'react';
import { ActivityCard } from './ActivityCard';
import { ActivityActors, ActivityListActor } from './actors';
import { ConfirmChangeModal } from './ConfirmChangeModal';
import { CreateActivityModal, NewActivityForm } from './CreateActivity';
import { ImportActivityButton, ImportActivityModal } from './ImportActivity';
import { JsonEditorModal } from './JsonEditorModal';
import { StartClassSessionModal } from './StartClassSession';
import { TranscriptionMessagesModal, TranscriptionPreviewModal } from './TranscriptionModals';
import { useActivityCommands } from './useActivityCommands';
import { useClassSessionCommands } from './useClassSessionCommands';
import './activities.css';

/**
 * My Activities (route /users/me/activities, admins only): the admin's activities as cards, each
 * expanding to its LEIAs, their modes and transcriptions. The list and its actions, and the
 * transcription flows, are machines (./actors.tsx); this view renders their snapshots.
 */
export function MyActivities() {
  // The View modal it shares with Search offers 'Design from this' too.
  return (
    <DesignPresetActors>
      <ActivityActors>
        <MyActivitiesView />
      </ActivityActors>
    </DesignPresetActors>
  );
}

export default MyActivities;

const selectList = (s: ActivityListSnapshot) => ({
  view: activityListView(s),
  activities: s.context.activities,
  error: loadErrorText(s),
});

function MyActivitiesView() {
  const { user } = useAuth();
  const viewer = useMemo(() => actorOf(user), [user]);
  const list = ActivityListActor.useActorRef();
  const state = ActivityListActor.useSelector(selectList, shallowEqual);
  useActivityCommands(useClassSessionCommands());

  return (
    <Page
      title={ACTIVITY_LIST_TEXTS.title}
      description={ACTIVITY_LIST_TEXTS.subtitle}
      className="activities-page"
    >
      <div className="activities-toolbar">
        <div className="activities-search">
          <SearchIcon className="activities-search__icon" />
          <input
            className="input"
            type="search"
            aria-label="Search activities"
            placeholder={ACTIVITY_LIST_TEXTS.searchPlaceholder}
            disabled
          />
        </div>
        <ActionButton flow={list} action={newActivity} variant="primary" icon={<PlusIcon />} />
        <ImportActivityButton />
      </div>

      {state.view === 'loading' && <LoadingState text={ACTIVITY_LIST_TEXTS.loading} />}
      {state.view === 'failed' && (
        <ErrorState
          title={ACTIVITY_LIST_TEXTS.failedTitle}
          message={state.error}
          retryLabel="Try Again"
          onRetry={() => list.send({ type: 'list.retry' })}
        />
      )}
      {state.view === 'empty' && (
        <EmptyState
          title={ACTIVITY_LIST_TEXTS.emptyTitle}
          description={ACTIVITY_LIST_TEXTS.emptyDescription}
          action={<NewActivityForm />}
        />
      )}
      {state.view === 'list' && (
        <ul className="activity-list" aria-label="Activities">
          {state.activities.map((activity) => (
            <li key={activity.id}>
              <ActivityCard activity={activity} />
            </li>
          ))}
        </ul>
      )}

      <CreateActivityModal />
      <ImportActivityModal />
      <ConfirmChangeModal />
      <TranscriptionMessagesModal />
      <TranscriptionPreviewModal />
      <JsonEditorModal />
      <ViewLeiaModal viewer={viewer} />
      <EvaluationReportModal />
      <LeakCheckModal />
      <StartClassSessionModal />
    </Page>
  );
}
