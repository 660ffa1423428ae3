import { parseActivityExport } from '@shared/activity-export';
import { nextFreeName } from '@shared/next-free-name';
import {
  ACTIVITY_TEXTS,
  type Activity,
  type ActivityExport,
  activityNameSchema,
  MAX_ACTIVITY_NAME_LENGTH,
} from '@shared/schemas/activities';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { failureMessageFor, failureStatus } from './failure';
import { type Notice, notice } from './notice';
import { notProvided } from './notProvided';

/**
 * Importing an activity from a JSON file (what 'Export activity as JSON' wrote) on My Activities:
 *
 *   Idle --import.file--> Reading --done (the file is an activity export)--> Naming
 *   Reading --done (not JSON, or not an export: the problem named) | error--> Idle, an error toast
 *   Naming (the Import Activity dialog: the name, editable) --import.confirm--> Importing
 *          --import.cancel--> Idle
 *   Importing --done--> Idle, a toast --error--> Naming, the server's reason in the dialog
 *
 * The dialog offers the file's name, or the next free one ('Week 1 (2)') when an activity of the
 * user's has it; a 409 (a name taken by someone else) offers the next one after it. The server
 * checks everything again; a refused import changes nothing. One import at a time.
 */

export const ACTIVITY_IMPORT_TEXTS = {
  button: 'Import Activity',
  command: 'Import activity from JSON...',
  title: 'Import Activity',
  nameLabel: 'Activity Name',
  /** Under the name, when it is not the file's own. */
  renamed: (name: string) => `${ACTIVITY_TEXTS.duplicate(name)}, so the next free name is offered.`,
  leias: (count: number) => `${count} ${count === 1 ? 'LEIA' : 'LEIAs'}, with their modes and transcriptions`,
  submit: 'Import',
  importing: 'Importing…',
  imported: (name: string) => `Activity '${name}' imported`,
  failed: (reason: string) => `Could not import the activity: ${reason}`,
  unreadable: 'the file could not be read',
  serverFailed: 'the server did not answer',
} as const;

interface Context {
  parsed: { ok: true; value: ActivityExport } | { ok: false; error: string } | null;
  /** The name the activity is imported under (the dialog's field). */
  name: string;
  /** Names known to be taken: the user's activities, and those the server refused. */
  taken: string[];
  /** Why the last attempt was refused, shown in the dialog until the name changes. */
  error: string | null;
  /** The name the dialog offered (the file's, or the next free one): typing away from it is an edit. */
  offered: string;
}

export type ActivityImportEvent =
  /** `taken`: the names of the activities the screen lists. */
  | { type: 'import.file'; file: Blob; taken: readonly string[] }
  | { type: 'import.name'; name: string }
  | { type: 'import.confirm' }
  | { type: 'import.cancel' };

const failed = (message: string) => notice('error', message);

const exportOf = (context: Context): ActivityExport =>
  (context.parsed as { ok: true; value: ActivityExport }).value;
const freeName = (name: string, taken: readonly string[]) =>
  nextFreeName(name, taken, MAX_ACTIVITY_NAME_LENGTH);

export const activityImportMachine = setup({
  types: {
    context: {} as Context,
    events: {} as ActivityImportEvent,
    tags: {} as 'importing' | 'open',
  },
  actors: {
    readText: fromPromise<string, { file: Blob }>(async () => notProvided('activityImport', 'readText')),
    importActivity: fromPromise<Activity, ActivityExport>(async () =>
      notProvided('activityImport', 'importActivity'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('activityImport', 'notify'),
    /** The list shows the new activity. */
    imported: (_, _activity: Activity) => notProvided('activityImport', 'imported'),
    parse: assign({ parsed: (_, text: string) => parseActivityExport(text) }),
    offerName: assign(({ context }) => {
      const name = freeName(exportOf(context).name, context.taken);
      return { name, offered: name, error: null };
    }),
    clear: assign({ parsed: null, name: '', taken: [], error: null, offered: '' }),
  },
  guards: {
    isExport: ({ context }) => context.parsed?.ok === true,
    nameIsValid: ({ context }) => nameProblem(context) === null,
  },
}).createMachine({
  id: 'activityImport',
  context: { parsed: null, name: '', taken: [], error: null, offered: '' },
  initial: 'Idle',
  states: {
    Idle: {
      on: {
        'import.file': {
          target: 'Reading',
          actions: assign({ taken: ({ event }) => [...event.taken] }),
        },
      },
    },
    Reading: {
      tags: 'importing',
      invoke: {
        src: 'readText',
        input: ({ event }) => ({
          file: (event as Extract<ActivityImportEvent, { type: 'import.file' }>).file,
        }),
        onDone: { target: 'Checking', actions: { type: 'parse', params: ({ event }) => event.output } },
        onError: {
          target: 'Idle',
          actions: [failed(ACTIVITY_IMPORT_TEXTS.failed(ACTIVITY_IMPORT_TEXTS.unreadable)), 'clear'],
        },
      },
    },
    Checking: {
      always: [
        { guard: 'isExport', target: 'Naming', actions: 'offerName' },
        {
          target: 'Idle',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({
                tone: 'error',
                message: ACTIVITY_IMPORT_TEXTS.failed(
                  context.parsed?.ok === false ? context.parsed.error : '',
                ),
              }),
            },
            'clear',
          ],
        },
      ],
    },
    Naming: {
      tags: 'open',
      on: {
        'import.name': { actions: assign({ name: ({ event }) => event.name, error: null }) },
        'import.confirm': { guard: 'nameIsValid', target: 'Importing' },
        'import.cancel': { target: 'Idle', actions: 'clear' },
      },
    },
    Importing: {
      tags: ['importing', 'open'],
      invoke: {
        src: 'importActivity',
        input: ({ context }) => ({ ...exportOf(context), name: context.name.trim() }),
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
            'clear',
          ],
        },
        onError: [
          {
            // Taken by an activity the screen does not list: offer the next name after it.
            guard: ({ event }) => failureStatus(event.error) === 409,
            target: 'Naming',
            actions: assign(({ context, event }) => {
              const taken = [...context.taken, context.name.trim()];
              const name = freeName(context.name, taken);
              return {
                taken,
                name,
                offered: name,
                error: failureMessageFor(event.error, [409], ACTIVITY_IMPORT_TEXTS.serverFailed),
              };
            }),
          },
          {
            target: 'Naming',
            actions: assign({
              error: ({ event }) =>
                ACTIVITY_IMPORT_TEXTS.failed(
                  failureMessageFor(event.error, [400, 404, 413], ACTIVITY_IMPORT_TEXTS.serverFailed),
                ),
            }),
          },
        ],
      },
    },
  },
});

/** What is wrong with the name in the dialog (blank, too long, known taken), or null. */
function nameProblem(context: Context): string | null {
  const parsed = activityNameSchema.safeParse(context.name);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? ACTIVITY_TEXTS.nameRequired;
  return context.taken.includes(parsed.data) ? ACTIVITY_TEXTS.duplicate(parsed.data) : null;
}

export type ActivityImportSnapshot = SnapshotFrom<typeof activityImportMachine>;
export const isImporting = (s: ActivityImportSnapshot): boolean => s.hasTag('importing');
export const isImportDialogOpen = (s: ActivityImportSnapshot): boolean => s.hasTag('open');
/** The dialog's name was typed over (closing it asks first; a name only offered is not an edit). */
export const hasImportEdits = (s: ActivityImportSnapshot): boolean =>
  s.matches('Naming') && s.context.name !== s.context.offered;

/**
 * The Import Activity dialog: the name and what is wrong with it as typed, why the server refused
 * the last attempt, and the file's own name when one of the user's activities already has it.
 */
export const importDialog = (s: ActivityImportSnapshot) => {
  const file = s.context.parsed?.ok ? s.context.parsed.value : null;
  return {
    name: s.context.name,
    nameError: nameProblem(s.context),
    refusal: s.context.error,
    takenFileName: file && s.context.taken.includes(file.name) ? file.name : null,
    leiaCount: file?.leias.length ?? 0,
  };
};
/** The named import is being saved (not the file being read). */
export const isImportSaving = (s: ActivityImportSnapshot): boolean => s.matches('Importing');
