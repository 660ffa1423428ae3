import { startClassSession } from '@machines/classSessions/actions';
import { classSessionListMachine } from '@machines/classSessions/list';
import { hasStartEdits, isStartOpen } from '@machines/classSessions/selectors';
import { classStartMachine, startBody } from '@machines/classSessions/start';
import { CLASS_TEXTS } from '@shared/class-sessions';
import type { Activity } from '@shared/schemas/activities';
import type { ClassSessionSummary, StartClassSessionBody } from '@shared/schemas/class-sessions';
import { createActor, fromPromise } from 'xstate';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const target = { experimentId: 'e-1', name: 'Week 1', published: true };

describe('Start class session', () => {
  it('starts only on a published activity: an unpublished one is refused', () => {
    const activity = (isPublished: boolean) => ({ id: 'e-1', name: 'Week 1', isPublished }) as Activity;
    const actor = createActor(classStartMachine).start();
    expect(startClassSession.applies?.(activity(false))).toBe(false);
    expect(actor.getSnapshot().can(startClassSession.event(activity(false)))).toBe(false);
    actor.send(startClassSession.event(activity(false)));
    expect(isStartOpen(actor.getSnapshot())).toBe(false);
    expect(startClassSession.applies?.(activity(true))).toBe(true);
    expect(actor.getSnapshot().can(startClassSession.event(activity(true)))).toBe(true);
    actor.send(startClassSession.event(activity(true)));
    expect(isStartOpen(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can(startClassSession.event(activity(true)))).toBe(false);
  });

  it('sends the settings as the API body: defaults, a duration only when given', () => {
    const form = {
      name: 'Lab',
      duration: '',
      allowRejoin: false,
      showReport: true,
      showSolution: false,
      identity: 'name' as const,
    };
    expect(startBody(form)).toEqual({
      body: { name: 'Lab', allowRejoin: false, showReport: true, showSolution: false, identity: 'name' },
    });
    expect(startBody({ ...form, duration: '45', identity: 'email' })).toMatchObject({
      body: { durationMinutes: 45, identity: 'email' },
    });
    expect(startBody({ ...form, name: ' ', duration: '1.5' })).toEqual({
      errors: { name: CLASS_TEXTS.nameRequired, duration: CLASS_TEXTS.duration },
    });
  });

  it('opens with the activity name, refuses what is wrong on its field, starts and opens the live view', async () => {
    const bodies: StartClassSessionBody[] = [];
    const opened: string[] = [];
    let refuse = true;
    const actor = createActor(
      classStartMachine.provide({
        actors: {
          start: fromPromise(async ({ input }) => {
            bodies.push(input.body);
            if (refuse) throw { status: 409, message: CLASS_TEXTS.notPublished };
            return { id: 'cs-1' } as never;
          }),
        },
        actions: { started: (_, { sessionId }) => void opened.push(sessionId) },
      }),
    ).start();
    actor.send({ type: 'start.open', target });
    expect(isStartOpen(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.form.name).toBe('Week 1');
    expect(hasStartEdits(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'start.change', field: 'duration', value: '0' });
    actor.send({ type: 'start.submit' });
    expect(actor.getSnapshot().context.errors.duration).toBe(CLASS_TEXTS.duration);
    expect(actor.getSnapshot().context.focus).toEqual({ field: 'duration' });
    actor.send({ type: 'start.change', field: 'duration', value: '30' });
    actor.send({ type: 'start.submit' });
    await flush();
    expect(actor.getSnapshot().context.formError).toBe(CLASS_TEXTS.notPublished);
    refuse = false;
    actor.send({ type: 'start.submit' });
    await flush();
    expect(bodies.at(-1)).toMatchObject({ name: 'Week 1', durationMinutes: 30 });
    expect(opened).toEqual(['cs-1']);
    expect(isStartOpen(actor.getSnapshot())).toBe(false);
  });
});

describe("an activity card's session list", () => {
  it('loads, fails, and loads again', async () => {
    let fail = true;
    const actor = createActor(
      classSessionListMachine.provide({
        actors: {
          load: fromPromise(async (): Promise<ClassSessionSummary[]> => {
            if (fail) throw { status: 500 };
            return [];
          }),
        },
      }),
      { input: { experimentId: 'e-1' } },
    ).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('Failed');
    fail = false;
    actor.send({ type: 'list.reload' });
    await flush();
    expect(actor.getSnapshot().value).toBe('Ready');
  });
});
