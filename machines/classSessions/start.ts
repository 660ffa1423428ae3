import { CLASS_TEXTS } from '@shared/class-sessions';
import { type StartClassSessionBody, startClassSessionBodySchema } from '@shared/schemas/class-sessions';
import { assign, fromPromise, setup } from 'xstate';
import { failureMessage } from '../failure';
import { notProvided } from '../notProvided';
import {
  CLASS_START_TEXTS,
  type StartContext,
  type StartEvent,
  type StartForm,
  type StartIo,
} from './contract';

/**
 * 'Start class session' on a published activity (its card's button and the palette):
 *
 *   Closed --start.open (published)--> Editing --start.submit (valid)--> Starting --> Closed (`started`: the live view)
 *   Editing --start.cancel--> Closed; Starting --refused--> Editing (the server's text)
 *
 * The form is checked with the shared schema before it is sent; the server checks it again.
 */

export const emptyStartForm = (activityName = ''): StartForm => ({
  name: activityName,
  duration: '',
  allowRejoin: false,
  showReport: true,
  showSolution: false,
  identity: 'name',
});

/** The form as the API's body, or the texts of what is wrong. */
export function startBody(
  form: StartForm,
): { body: StartClassSessionBody } | { errors: StartContext['errors'] } {
  const duration = form.duration.trim();
  const parsed = startClassSessionBodySchema.safeParse({
    name: form.name,
    ...(duration !== '' && { durationMinutes: Number(duration) }),
    allowRejoin: form.allowRejoin,
    showReport: form.showReport,
    showSolution: form.showSolution,
    identity: form.identity,
  });
  if (parsed.success) return { body: parsed.data };
  const errors: StartContext['errors'] = {};
  for (const issue of parsed.error.issues) {
    const field =
      issue.path[0] === 'durationMinutes' ? 'duration' : issue.path[0] === 'name' ? 'name' : undefined;
    if (field) errors[field] ??= issue.message;
  }
  if (duration !== '' && !Number.isFinite(Number(duration))) errors.duration = CLASS_TEXTS.duration;
  return { errors };
}

export const classStartMachine = setup({
  types: { context: {} as StartContext, events: {} as StartEvent },
  actors: {
    start: fromPromise<StartIo['start']['output'], StartIo['start']['input']>(async () =>
      notProvided('classStart', 'start'),
    ),
  },
  actions: {
    /** Opens the new session's live view. */
    started: (_, _params: { sessionId: string }) => notProvided('classStart', 'started'),
  },
  guards: {
    valid: ({ context }) => 'body' in startBody(context.form),
    published: ({ event }) => event.type === 'start.open' && event.target.published,
  },
}).createMachine({
  id: 'classStart',
  context: { target: null, form: emptyStartForm(), errors: {}, formError: null, focus: null },
  initial: 'Closed',
  states: {
    Closed: {
      on: {
        'start.open': {
          guard: 'published',
          target: 'Editing',
          actions: assign(({ event }) => ({
            target: event.target,
            form: emptyStartForm(event.target.name),
            errors: {},
            formError: null,
          })),
        },
      },
    },
    Editing: {
      on: {
        'start.change': {
          actions: assign(({ context, event }) => ({
            form: { ...context.form, [event.field]: event.value },
            errors: { ...context.errors, [event.field]: undefined },
          })),
        },
        'start.submit': [
          { guard: 'valid', target: 'Starting', actions: assign({ formError: null }) },
          {
            actions: assign(({ context }) => {
              const result = startBody(context.form);
              const errors = 'errors' in result ? result.errors : {};
              return { errors, focus: { field: errors.name ? ('name' as const) : ('duration' as const) } };
            }),
          },
        ],
        'start.cancel': 'Closed',
      },
    },
    Starting: {
      tags: 'starting',
      invoke: {
        src: 'start',
        input: ({ context }) => {
          const result = startBody(context.form);
          return {
            experimentId: context.target?.experimentId ?? '',
            body: 'body' in result ? result.body : { name: '' },
          };
        },
        onDone: {
          target: 'Closed',
          actions: { type: 'started', params: ({ event }) => ({ sessionId: event.output.id }) },
        },
        onError: {
          target: 'Editing',
          actions: assign({
            formError: ({ event }) => failureMessage(event.error, CLASS_START_TEXTS.failed),
          }),
        },
      },
    },
  },
});
