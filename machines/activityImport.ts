import { parseActivityExport } from '@shared/activity-export';
import type { Activity, ActivityExport } from '@shared/schemas/activities';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { failureMessageFor } from './failure';
import { notProvided } from './notProvided';

/**
 * Importing an activity from a JSON file (what 'Export activity as JSON' wrote) on My Activities:
 *
 *   Idle --import.file--> Reading --done (the file is an activity export)--> Importing --done--> Idle
 *   Reading --done (not JSON, or not an export: the problem named) | error--> Idle, an error toast
 *   Importing --error--> Idle, a toast with the server's message on 400, 404 (a LEIA that is gone)
 *
 * The server checks everything again; a refused import changes nothing. One import at a time.
 */

export const ACTIVITY_IMPORT_TEXTS = {
  button: 'Import Activity',
  command: 'Import activity from JSON...',
  importing: 'Importing…',
  imported: (name: string) => `Activity '${name}' imported`,
  failed: (reason: string) => `Could not import the activity: ${reason}`,
  unreadable: 'the file could not be read',
  serverFailed: 'the server did not answer',
} as const;

export interface ImportNotice {
  tone: 'success' | 'error';
  message: string;
}

interface Context {
  parsed: { ok: true; value: ActivityExport } | { ok: false; error: string } | null;
}

export type ActivityImportEvent = { type: 'import.file'; file: Blob };

const failed = (message: string) => ({
  type: 'notify' as const,
  params: { tone: 'error', message } as ImportNotice,
});

export const activityImportMachine = setup({
  types: {
    context: {} as Context,
    events: {} as ActivityImportEvent,
    tags: {} as 'importing',
  },
  actors: {
    readText: fromPromise<string, { file: Blob }>(async () => notProvided('activityImport', 'readText')),
    importActivity: fromPromise<Activity, ActivityExport>(async () =>
      notProvided('activityImport', 'importActivity'),
    ),
  },
  actions: {
    notify: (_, _notice: ImportNotice) => notProvided('activityImport', 'notify'),
    /** The list shows the new activity. */
    imported: (_, _activity: Activity) => notProvided('activityImport', 'imported'),
    parse: assign({ parsed: (_, text: string) => parseActivityExport(text) }),
  },
  guards: {
    isExport: ({ context }) => context.parsed?.ok === true,
  },
}).createMachine({
  id: 'activityImport',
  context: { parsed: null },
  initial: 'Idle',
  states: {
    Idle: {
      on: { 'import.file': 'Reading' },
    },
    Reading: {
      tags: 'importing',
      invoke: {
        src: 'readText',
        input: ({ event }) => ({ file: (event as ActivityImportEvent).file }),
        onDone: { target: 'Checking', actions: { type: 'parse', params: ({ event }) => event.output } },
        onError: {
          target: 'Idle',
          actions: failed(ACTIVITY_IMPORT_TEXTS.failed(ACTIVITY_IMPORT_TEXTS.unreadable)),
        },
      },
    },
    Checking: {
      always: [
        { guard: 'isExport', target: 'Importing' },
        {
          target: 'Idle',
          actions: {
            type: 'notify',
            params: ({ context }) => ({
              tone: 'error',
              message: ACTIVITY_IMPORT_TEXTS.failed(context.parsed?.ok === false ? context.parsed.error : ''),
            }),
          },
        },
      ],
    },
    Importing: {
      tags: 'importing',
      invoke: {
        src: 'importActivity',
        input: ({ context }) => (context.parsed as { ok: true; value: ActivityExport }).value,
        onDone: {
          target: 'Idle',
          actions: [
            { type: 'imported', params: ({ event }) => event.output },
            {
              type: 'notify',
              params: ({ event }) => ({
                tone: 'success',
                message: ACTIVITY_IMPORT_TEXTS.imported(event.output.name),
              }),
            },
          ],
        },
        onError: {
          target: 'Idle',
          actions: {
            type: 'notify',
            params: ({ event }) => ({
              tone: 'error',
              message: ACTIVITY_IMPORT_TEXTS.failed(
                failureMessageFor(event.error, [400, 404, 409, 413], ACTIVITY_IMPORT_TEXTS.serverFailed),
              ),
            }),
          },
        },
      },
      exit: assign({ parsed: null }),
    },
  },
});

export type ActivityImportSnapshot = SnapshotFrom<typeof activityImportMachine>;
export const isImporting = (s: ActivityImportSnapshot): boolean => s.hasTag('importing');
