import type { Actor } from '@shared/permissions';
import type { Lineage, VersionEntry } from '@shared/schemas/history';
import { DEFAULT_BUMP, type VersionBump } from '@shared/semver';
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { failureMessage } from '../failure';
import { notProvided } from '../notProvided';
import {
  comparisonOf,
  EMPTY,
  entry,
  type OpenSource,
  pair,
  pickedAfter,
  previousVersion,
  type RestoreResult,
  restorable,
  seesContent,
  VERSIONS_FLOW_TEXTS,
  type VersionContent,
  type VersionsContext,
  type VersionsEvent,
  type VersionsKind,
  type VersionsTarget,
} from './contract';

/**
 * The history of one item (a LEIA in the View modal's History tab, a part from the wizard's part
 * cards): every version of its name the viewer may see, a side-by-side diff of two of them with a
 * one-line summary of the fields that changed, and 'Restore this version'.
 *
 *   Closed --history.open(target)--> Open.Loading --versions + lineage--> Open.Ready.Browsing
 *   Loading --error--> Failed --history.retry--> Loading
 *   Browsing --history.pick (the second) | history.compare | history.comparePrevious--> Comparing
 *     --both contents--> Browsing (the comparison) | --error--> Browsing (its message)
 *   Browsing --history.restore.ask--> Confirming --history.restore.bump / .cancel / .confirm-->
 *     Restoring --done--> Loading (the list again, 'Restored v1.0.0 as v1.2.0') | --error--> Confirming
 *   Browsing --history.restore(id, bump) (the palette: already chosen)--> Restoring
 *   any --history.close--> Closed; Open --history.open (another item)--> Loading
 *
 * Who may do what is the shared rules' (src/shared/permissions.ts): an instructor sees a behaviour's
 * versions as metadata only (no content, so no diff), and restoring is for the owner of the name's
 * latest version or an admin, never a behaviour for an instructor. The server enforces the same.
 * The app provides `loadHistory` (GET .../versions and .../lineage), `loadContents` (each version,
 * as a document and the YAML the diff shows), `restoreVersion` (POST .../restore) and `restored`.
 */

const base = setup({
  types: {
    context: {} as VersionsContext,
    events: {} as VersionsEvent,
    input: {} as { viewer: Actor | null },
    tags: {} as 'loading',
  },
  actors: {
    loadHistory: fromPromise<{ versions: VersionEntry[]; lineage: Lineage }, VersionsTarget>(async () =>
      notProvided('history', 'loadHistory'),
    ),
    loadContents: fromPromise<VersionContent[], { kind: VersionsKind; ids: string[] }>(async () =>
      notProvided('history', 'loadContents'),
    ),
    restoreVersion: fromPromise<
      { id: string; metadata: { version: string } },
      { kind: VersionsKind; id: string; bump: VersionBump }
    >(async () => notProvided('history', 'restoreVersion')),
  },
  actions: {
    /** A new version was made (the wizard reloads its lists). */
    restored: (_, _params: { target: VersionsTarget; result: RestoreResult }) =>
      notProvided('history', 'restored'),
  },
});

export const versionsMachine = base
  .extend({
    actions: {
      pick: base.assign(({ context, event }) => {
        assertEvent(event, 'history.pick');
        return { picked: pickedAfter(context.picked, event.id), error: null };
      }),
    },
    guards: {
      otherTarget: ({ context, event }) =>
        event.type === 'history.open' && event.target.id !== context.target?.id,
      seesContent: ({ context }) => seesContent(context),
      completesPair: ({ context, event }) =>
        event.type === 'history.pick' &&
        seesContent(context) &&
        pickedAfter(context.picked, event.id).length === 2,
      canCompare: ({ context, event }) =>
        event.type === 'history.compare' &&
        seesContent(context) &&
        event.from !== event.to &&
        entry(context, event.from) !== undefined &&
        entry(context, event.to) !== undefined,
      hasPrevious: ({ context }) => seesContent(context) && previousVersion(context) !== undefined,
      sourceVisible: ({ context }) => context.lineage?.derivedFrom?.visible === true,
      mayRestoreIt: ({ context, event }) =>
        (event.type === 'history.restore.ask' || event.type === 'history.restore') &&
        restorable(context, event.id),
    },
  })
  .createMachine({
    id: 'history',
    context: ({ input }) => ({ viewer: input.viewer, target: null, ...EMPTY }),
    initial: 'Closed',
    states: {
      Closed: {
        on: {
          'history.open': {
            target: 'Open',
            actions: assign(({ event }) => ({ target: event.target, ...EMPTY })),
          },
        },
      },
      Open: {
        initial: 'Loading',
        on: {
          'history.close': { target: 'Closed', actions: assign({ target: null, ...EMPTY }) },
          'history.openSource': {
            guard: 'sourceVisible',
            actions: emit(({ context }): OpenSource => {
              const { id, name, version } = context.lineage!.derivedFrom as OpenSource['source'];
              return { type: 'openSource', source: { id, name, version } };
            }),
          },
          'history.open': {
            guard: 'otherTarget',
            target: '.Loading',
            reenter: true,
            actions: assign(({ event }) => ({ target: event.target, ...EMPTY })),
          },
        },
        states: {
          Loading: {
            tags: 'loading',
            invoke: {
              src: 'loadHistory',
              input: ({ context }) => context.target!,
              onDone: {
                target: 'Ready',
                actions: assign(({ event }) => ({
                  versions: event.output.versions,
                  lineage: event.output.lineage,
                  error: null,
                })),
              },
              onError: {
                target: 'Failed',
                actions: assign({
                  error: ({ event }) => failureMessage(event.error, VERSIONS_FLOW_TEXTS.failed),
                }),
              },
            },
          },
          Failed: { on: { 'history.retry': 'Loading' } },
          Ready: {
            initial: 'Browsing',
            states: {
              Browsing: {
                on: {
                  'history.pick': [
                    { guard: 'completesPair', target: 'Comparing', actions: 'pick' },
                    { actions: ['pick', assign({ comparison: null })] },
                  ],
                  'history.compare': {
                    guard: 'canCompare',
                    target: 'Comparing',
                    actions: assign(({ event }) => ({ picked: [event.from, event.to] })),
                  },
                  'history.comparePrevious': {
                    guard: 'hasPrevious',
                    target: 'Comparing',
                    actions: assign(({ context }) => ({
                      picked: [previousVersion(context)!.id, context.target!.id],
                    })),
                  },
                  'history.restore.ask': {
                    guard: 'mayRestoreIt',
                    target: 'Confirming',
                    actions: assign(({ context, event }) => ({
                      restoring: { entry: entry(context, event.id)!, bump: DEFAULT_BUMP },
                      result: null,
                      error: null,
                    })),
                  },
                  'history.restore': {
                    guard: 'mayRestoreIt',
                    target: 'Restoring',
                    actions: assign(({ context, event }) => ({
                      restoring: { entry: entry(context, event.id)!, bump: event.bump },
                      result: null,
                      error: null,
                    })),
                  },
                },
              },
              Comparing: {
                tags: 'loading',
                on: {
                  'history.pick': [
                    { guard: 'completesPair', target: 'Comparing', reenter: true, actions: 'pick' },
                    { target: 'Browsing', actions: ['pick', assign({ comparison: null })] },
                  ],
                },
                invoke: {
                  src: 'loadContents',
                  input: ({ context }) => {
                    const [before, after] = pair(context)!;
                    return { kind: context.target!.kind, ids: [before.id, after.id] };
                  },
                  onDone: {
                    target: 'Browsing',
                    actions: assign(({ context, event }) => ({
                      comparison: comparisonOf(context, event.output as [VersionContent, VersionContent]),
                      error: null,
                    })),
                  },
                  onError: {
                    target: 'Browsing',
                    actions: assign({
                      comparison: null,
                      error: ({ event }) => failureMessage(event.error, VERSIONS_FLOW_TEXTS.compareFailed),
                    }),
                  },
                },
              },
              Confirming: {
                on: {
                  'history.restore.bump': {
                    actions: assign(({ context, event }) => ({
                      restoring: context.restoring && { ...context.restoring, bump: event.bump },
                    })),
                  },
                  'history.restore.cancel': {
                    target: 'Browsing',
                    actions: assign({ restoring: null, error: null }),
                  },
                  'history.restore.confirm': { target: 'Restoring' },
                },
              },
              Restoring: {
                tags: 'loading',
                invoke: {
                  src: 'restoreVersion',
                  input: ({ context }) => ({
                    kind: context.target!.kind,
                    id: context.restoring!.entry.id,
                    bump: context.restoring!.bump,
                  }),
                  onDone: {
                    target: '#history.Open.Loading',
                    actions: [
                      assign(({ context, event }) => {
                        const from = context.restoring!.entry.version;
                        const version = event.output.metadata.version;
                        const result = {
                          from,
                          id: event.output.id,
                          version,
                          message: VERSIONS_FLOW_TEXTS.restored(from, version),
                        };
                        return { result, restoring: null };
                      }),
                      {
                        type: 'restored',
                        params: ({ context }) => ({ target: context.target!, result: context.result! }),
                      },
                    ],
                  },
                  onError: {
                    target: 'Confirming',
                    actions: assign({
                      error: ({ event }) => failureMessage(event.error, VERSIONS_FLOW_TEXTS.restoreFailed),
                    }),
                  },
                },
              },
            },
          },
        },
      },
    },
  });

export type VersionsMachine = typeof versionsMachine;
