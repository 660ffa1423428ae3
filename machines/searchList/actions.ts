import { type Actor, canDelete, canManageActivities } from '@shared/permissions';
import type { LeiaListItem } from '@shared/schemas/leias';
import { actionsOf } from '../action';
import { ACTIVITY_LIST_TEXTS } from '../activityList/contract';
import type { ActivityChoice, AddToActivityEvent, LeiaRef } from '../addToActivity';
import type { DeleteDialogEvent } from '../deleteDialog';
import { openDeleteLeia } from '../deleteLeia';
import { type DesignPresetEvent, designFromEvent } from '../designPreset';
import type { LeiaSummary, LeiaViewEvent } from '../leiaView';
import type { StartSessionEvent } from '../startSession';
import { type SearchListEvent, VERSION_FILTERS, VISIBILITY_FILTERS } from './machine';

/**
 * What a user can do with a LEIA of a list (Search, My LEIAs), each defined once
 * (machines/action.ts): the row's buttons and keys, and the palette's commands, come from these.
 * A row's actions send to the flows behind the screen (the View modal, 'Design from this', Try,
 * Add to Activity, the Delete dialog), so each is typed by the events of the flow it sends to;
 * when each is available is that flow's guards, read with `snapshot.can`.
 */

const GROUP = 'LEIAs';
const signedIn = (actor: Actor | null) => actor !== null;

/** A row's target: the LEIA, and who looks at it (Delete is offered only where they may delete). */
export interface LeiaRowTarget {
  leia: LeiaListItem;
  viewer: Actor | null;
}

/** Why a row's action waits (its flow refuses it now). */
export const LEIA_ROW_TEXTS = {
  designing: 'Its parts are loading',
  starting: 'Starting...',
  deleting: 'A LEIA is being deleted',
} as const;

const forView = actionsOf<LeiaViewEvent>();

export const viewLeia = forView<LeiaRowTarget>({
  id: 'leias.view',
  label: 'View',
  title: 'View LEIA...',
  group: GROUP,
  keywords: ['open', 'details', 'problem', 'persona', 'behaviour'],
  allowed: signedIn,
  type: 'view.open',
  event: ({ leia }) => ({ type: 'view.open', leia }),
  unavailable: '',
});

/** Any LEIA the user may see, in the View modal (the palette's, searching beyond the list). */
export const openLeia = forView<LeiaSummary>({
  id: 'leias.open',
  label: 'Open',
  title: 'Open LEIA...',
  group: GROUP,
  keywords: ['find', 'go to', 'view', 'version'],
  allowed: signedIn,
  type: 'view.open',
  event: (leia) => ({ type: 'view.open', leia }),
  unavailable: '',
});

/** The View modal on its History tab (which the modal keeps while it shows this LEIA). */
export const showLeiaHistory = forView<LeiaSummary>({
  id: 'leias.history',
  label: 'History',
  title: 'Show history...',
  group: GROUP,
  keywords: ['versions', 'diff', 'compare', 'restore', 'changes'],
  allowed: signedIn,
  type: 'view.open',
  event: (leia) => ({ type: 'view.open', leia, tab: 'history' }),
  unavailable: '',
});

export const designFromLeia = actionsOf<DesignPresetEvent>()<LeiaRowTarget>({
  id: 'leias.design',
  label: 'Design from this',
  title: 'Design from LEIA...',
  group: GROUP,
  keywords: ['derive', 'copy', 'customise', 'wizard', 'new'],
  allowed: signedIn,
  type: 'preset.load',
  event: ({ leia }) => designFromEvent(leia),
  unavailable: LEIA_ROW_TEXTS.designing,
});

/** Starts a session with the LEIA and opens /chat/{sessionId} with its problem description. */
export const tryLeia = actionsOf<StartSessionEvent>()<LeiaRowTarget>({
  id: 'leias.try',
  label: 'Try',
  title: 'Try LEIA...',
  group: GROUP,
  keywords: ['chat', 'test', 'run', 'talk', 'session'],
  allowed: signedIn,
  type: 'session.start',
  event: ({ leia }) => ({
    type: 'session.start',
    request: { key: leia.id, body: { leia: leia.id }, state: { problemDescription: leia.description } },
  }),
  unavailable: LEIA_ROW_TEXTS.starting,
});

const forAdding = actionsOf<AddToActivityEvent>();

/** The Add-to-activity modal for that LEIA (admins). */
export const addToActivity = forAdding<LeiaRowTarget>({
  id: 'leias.addToActivity',
  label: 'Add to Activity',
  title: 'Add to Activity...',
  group: 'Activities',
  allowed: canManageActivities,
  type: 'add.open',
  event: ({ leia }) => ({ type: 'add.open', leia: { id: leia.id, name: leia.metadata.name } }),
  unavailable: ACTIVITY_LIST_TEXTS.busy,
});

/** The palette's 'Add LEIA to activity...': the LEIA, then an activity or a new one; added at once. */
export const addLeiaToActivity = forAdding<{ leia: LeiaRef; activity: ActivityChoice }>({
  id: 'activities.addLeia',
  label: 'Add to Activity',
  title: 'Add LEIA to activity...',
  group: 'Activities',
  keywords: ['activity', 'experiment', 'add', 'new activity'],
  allowed: canManageActivities,
  type: 'add.direct',
  event: ({ leia, activity }) => ({ type: 'add.direct', leia, activity }),
  unavailable: ACTIVITY_LIST_TEXTS.busy,
});

/** The Delete dialog of a LEIA: any for admins, else only the viewer's own (canDelete). */
export const deleteLeia = actionsOf<DeleteDialogEvent<LeiaListItem>>()<LeiaRowTarget>({
  id: 'leias.delete',
  label: 'Delete',
  title: 'Delete LEIA...',
  group: GROUP,
  keywords: ['remove'],
  allowed: signedIn,
  type: 'dialog.open',
  event: ({ leia }) => openDeleteLeia(leia),
  applies: ({ leia, viewer }) => canDelete(viewer, leia),
  unavailable: LEIA_ROW_TEXTS.deleting,
});

const forList = actionsOf<SearchListEvent>();

/** 'Visibility: All', 'Visibility: Private'...: the list's Visibility filter set from the palette. */
export const visibilityFilters = VISIBILITY_FILTERS.map(({ value, label }) =>
  forList({
    id: `leias.visibility.${value}`,
    label,
    title: `Visibility: ${label}`,
    group: GROUP,
    keywords: ['filter', 'show', value],
    allowed: signedIn,
    type: 'filters.set',
    event: () => ({ type: 'filters.set', filters: { visibility: value } }),
    unavailable: '',
  }),
);

/** 'Version: Latest only', 'Version: All'. */
export const versionFilters = VERSION_FILTERS.map(({ value, label }) =>
  forList({
    id: `leias.version.${value}`,
    label,
    title: `Version: ${label}`,
    group: GROUP,
    keywords: ['filter', 'versions', value],
    allowed: signedIn,
    type: 'filters.set',
    event: () => ({ type: 'filters.set', filters: { version: value } }),
    unavailable: '',
  }),
);
