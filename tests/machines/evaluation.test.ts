import {
  EVALUATION_VIEW_TEXTS,
  type EvaluationRequest,
  evaluationMachine,
  isEvaluating,
  isEvaluationOpen,
} from '@machines/evaluation';
import type { Evaluation } from '@shared/schemas/evaluation';
import { createActor, fromPromise } from 'xstate';
import { CONVERSATION, sampleEvaluation } from '../support/evaluation';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

interface Call {
  request: EvaluationRequest;
  signal: AbortSignal;
  resolve: (evaluation: Evaluation) => void;
  reject: (error: unknown) => void;
}

/** The machine with an `evaluate` that waits for the test to answer each call. */
function start() {
  const calls: Call[] = [];
  const actor = createActor(
    evaluationMachine.provide({
      actors: {
        evaluate: fromPromise<Evaluation, EvaluationRequest>(
          ({ input, signal }) =>
            new Promise((resolve, reject) => calls.push({ request: input, signal, resolve, reject })),
        ),
      },
    }),
  ).start();
  return { actor, calls, snapshot: () => actor.getSnapshot() };
}

const session: EvaluationRequest = { kind: 'session', sessionId: 's-1' };

describe('evaluation machine', () => {
  it('evaluates the session it is opened for, then holds the report', async () => {
    const t = start();
    expect(isEvaluationOpen(t.snapshot())).toBe(false);
    t.actor.send({ type: 'evaluation.open', request: session, about: 'City arena' });
    expect(t.snapshot().value).toEqual({ Open: 'Evaluating' });
    expect(isEvaluating(t.snapshot())).toBe(true);
    expect(t.snapshot().context.about).toBe('City arena');
    expect(t.calls.map((call) => call.request)).toEqual([session]);
    const evaluation = sampleEvaluation();
    t.calls[0]!.resolve(evaluation);
    await flush();
    expect(t.snapshot().value).toEqual({ Open: 'Ready' });
    expect(isEvaluating(t.snapshot())).toBe(false);
    expect(t.snapshot().context.evaluation).toBe(evaluation);
    t.actor.send({ type: 'evaluation.close' });
    expect(t.snapshot().value).toBe('Closed');
  });

  it('passes a transcription on as it came: the LEIA and the messages', () => {
    const t = start();
    const request: EvaluationRequest = { kind: 'transcription', leiaId: 'leia-1', messages: CONVERSATION };
    t.actor.send({ type: 'evaluation.open', request });
    expect(t.calls[0]!.request).toEqual(request);
  });

  it("a refusal shows the server's message; Retry asks again and can succeed", async () => {
    const t = start();
    t.actor.send({ type: 'evaluation.open', request: session });
    t.calls[0]!.reject({
      status: 400,
      message: 'There is nothing to evaluate yet: the conversation has no reply from the LEIA',
    });
    await flush();
    expect(t.snapshot().value).toEqual({ Open: 'Failed' });
    expect(t.snapshot().context.error).toBe(
      'There is nothing to evaluate yet: the conversation has no reply from the LEIA',
    );
    t.actor.send({ type: 'evaluation.retry' });
    expect(t.snapshot().value).toEqual({ Open: 'Evaluating' });
    expect(t.snapshot().context.error).toBeNull();
    expect(t.calls).toHaveLength(2);
    t.calls[1]!.resolve(sampleEvaluation());
    await flush();
    expect(t.snapshot().value).toEqual({ Open: 'Ready' });
  });

  it('an evaluation refused by a fair-use limit says what was limited and when to retry', async () => {
    const t = start();
    t.actor.send({ type: 'evaluation.open', request: session });
    const limited = { limit: 'evaluations', max: 60, windowSeconds: 3600, retryAfterSeconds: 125 };
    t.calls[0]!.reject({ status: 429, data: limited });
    await flush();
    expect(t.snapshot().context.error).toBe(
      'Too many evaluations: at most 60 per hour. Try again in 3 minutes.',
    );
  });

  it('a failure without a message (no answer) says it could not evaluate', async () => {
    const t = start();
    t.actor.send({ type: 'evaluation.open', request: session });
    t.calls[0]!.reject({});
    await flush();
    expect(t.snapshot().context.error).toBe(EVALUATION_VIEW_TEXTS.failed);
  });

  it('closing while it evaluates aborts the request, and a late answer changes nothing', async () => {
    const t = start();
    t.actor.send({ type: 'evaluation.open', request: session });
    t.actor.send({ type: 'evaluation.close' });
    expect(t.calls[0]!.signal.aborted).toBe(true);
    t.calls[0]!.resolve(sampleEvaluation());
    await flush();
    expect(t.snapshot().value).toBe('Closed');
    expect(t.snapshot().context.evaluation).toBeNull();
  });

  it('opening another conversation while open starts again with it (the first is aborted)', async () => {
    const t = start();
    t.actor.send({ type: 'evaluation.open', request: session });
    t.calls[0]!.reject({ status: 500 });
    await flush();
    const other: EvaluationRequest = { kind: 'session', sessionId: 's-2' };
    t.actor.send({ type: 'evaluation.open', request: other });
    expect(t.snapshot().value).toEqual({ Open: 'Evaluating' });
    expect(t.snapshot().context.error).toBeNull();
    t.actor.send({ type: 'evaluation.open', request: session });
    expect(t.calls[1]!.signal.aborted).toBe(true);
    expect(t.calls.map((call) => call.request)).toEqual([session, other, session]);
  });
});
