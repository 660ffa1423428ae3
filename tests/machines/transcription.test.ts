import {
  jsonPreview,
  TRANSCRIPTION_TEXTS,
  type TranscriptionEvent,
  type TranscriptionTarget,
  transcriptionTarget,
} from '@machines/transcription/contract';
import { transcriptionMachine } from '@machines/transcription/machine';
import { isStartingSession, linkTargetId } from '@machines/transcription/selectors';
import { ACTIVITY_TEXTS, type Activity } from '@shared/schemas/activities';
import type { TranscriptionMessage } from '@shared/schemas/transcription';
import { createActor, fromPromise } from 'xstate';
import { config, MESSAGES, message, week1 } from '../support/activities';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const failure = (status?: number, message?: string) => ({ status, message });

/** A LEIA in transcription mode with no transcription yet (the flows are refused in standard mode). */
const untranscribed = transcriptionTarget(week1, {
  ...week1.leias[0]!,
  configuration: { mode: 'transcription' },
});
const transcribed = transcriptionTarget(week1, week1.leias[1]!);
/** A configuration whose LEIA is only an id (the list was not populated). */
const bare: TranscriptionTarget = transcriptionTarget(
  { ...week1, leias: [config('cfg-bare', 'leia-id-only', { mode: 'transcription' })] },
  config('cfg-bare', 'leia-id-only', { mode: 'transcription' }),
);
const updated: Activity = { ...week1, name: 'Week 1 (updated)' };

/** Every IO call waits for the test: `settle(i, value | Error)` answers the i-th call. */
function start() {
  const calls: {
    kind: string;
    input: unknown;
    resolve: (v: unknown) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const call = <Out, In>(kind: string) =>
    fromPromise<Out, In>(
      ({ input }) =>
        new Promise<Out>((resolve, reject) =>
          calls.push({ kind, input, resolve: resolve as (value: unknown) => void, reject }),
        ),
    );
  const notices: { tone: string; message: string }[] = [];
  const onUpdated = vi.fn();
  const openChat = vi.fn();
  const openLink = vi.fn();
  const actor = createActor(
    transcriptionMachine.provide({
      actors: {
        saveTranscription: call('save'),
        generateTranscription: call('generate'),
        startSession: call('start'),
      },
      actions: {
        notify: (_, notice) => void notices.push(notice),
        onUpdated: (_, { activity }) => onUpdated(activity),
        openChat: (_, params) => openChat(params),
        openLink: (_, { url }) => openLink(url),
      },
    }),
  ).start();
  const settle = async (index: number, outcome: unknown) => {
    const pending = calls[index]!;
    if (
      outcome instanceof Error ||
      (typeof outcome === 'object' && outcome !== null && 'status' in outcome)
    ) {
      pending.reject(outcome);
    } else pending.resolve(outcome);
    await flush();
  };
  const send = (event: TranscriptionEvent) => actor.send(event);
  const snap = () => actor.getSnapshot();
  return { actor, calls, settle, send, snap, notices, onUpdated, openChat, openLink };
}

describe('transcription machine: when each flow is available (its guards)', () => {
  const starts = (target: TranscriptionTarget): TranscriptionEvent[] => [
    { type: 'link.open', target },
    { type: 'generate.open', target },
    { type: 'manual.start', target },
    { type: 'json.open', target },
  ];

  it('the four flows are refused for a LEIA in standard mode or of a published activity', () => {
    const standard = transcriptionTarget(week1, week1.leias[0]!);
    const locked = transcriptionTarget({ ...week1, isPublished: true }, week1.leias[1]!);
    const t = start();
    for (const event of [...starts(standard), ...starts(locked)]) {
      expect(t.snap().can(event)).toBe(false);
      t.send(event);
      expect(t.snap().value).toBe('Idle');
    }
    expect(t.notices).toEqual([]);
    for (const event of starts(transcribed)) expect(t.snap().can(event)).toBe(true);
  });

  it('a transcription is viewed only when there is one', () => {
    const t = start();
    expect(t.snap().can({ type: 'view.open', target: untranscribed })).toBe(false);
    t.send({ type: 'view.open', target: untranscribed });
    expect(t.snap().value).toBe('Idle');
    expect(t.snap().can({ type: 'view.open', target: transcribed })).toBe(true);
  });
});

describe('transcription machine: Add Link', () => {
  it('opens the input on one row, refuses what is not an http(s) URL, saves the trimmed link', async () => {
    const t = start();
    t.send({ type: 'link.open', target: untranscribed });
    expect(linkTargetId(t.snap())).toBe('cfg-standard');
    for (const bad of ['', 'not a url', 'javascript:alert(1)', 'data:text/html,hi']) {
      t.send({ type: 'link.change', value: bad });
      t.send({ type: 'link.submit' });
      expect(t.snap().value).toEqual({ Link: 'Editing' });
    }
    t.send({ type: 'link.change', value: '  https://example.org/interview  ' });
    t.send({ type: 'link.submit' });
    expect(t.snap().value).toEqual({ Link: 'Saving' });
    expect(t.snap().hasTag('saving')).toBe(true);
    expect(t.calls[0]).toMatchObject({
      kind: 'save',
      input: { target: untranscribed, data: { link: 'https://example.org/interview' } },
    });
    await t.settle(0, updated);
    expect(t.snap().value).toBe('Idle');
    expect(t.onUpdated).toHaveBeenCalledWith(updated);
    expect(t.notices).toEqual([
      { tone: 'success', message: 'Transcription link added successfully', brief: true },
    ]);
  });

  it.each([
    [
      failure(409, 'This activity is published and can no longer be changed'),
      'This activity is published and can no longer be changed',
    ],
    [failure(400, 'The link must be an http or https URL'), 'The link must be an http or https URL'],
    [failure(404), 'Failed to add transcription link'],
    [failure(500, 'boom'), 'Failed to add transcription link'],
    [failure(undefined), 'Failed to add transcription link'],
  ])('a failed save (%o) shows %s and keeps the input', async (error, text) => {
    const t = start();
    t.send({ type: 'link.open', target: untranscribed });
    t.send({ type: 'link.change', value: 'https://example.org' });
    t.send({ type: 'link.submit' });
    await t.settle(0, error);
    expect(t.snap().value).toEqual({ Link: 'Editing' });
    expect(t.snap().context.link).toBe('https://example.org');
    expect(t.notices).toEqual([{ tone: 'error', message: text, brief: true }]);
    expect(t.onUpdated).not.toHaveBeenCalled();
  });

  it("asks for the focus on the row's new View once saved, and on its Add Link when cancelled", async () => {
    const t = start();
    t.send({ type: 'link.open', target: untranscribed });
    expect(t.snap().context.focus).toBeNull();
    t.send({ type: 'link.cancel' });
    expect(t.snap().context.focus).toEqual({ field: 'addLink', configId: 'cfg-standard' });
    t.send({ type: 'link.open', target: untranscribed });
    t.send({ type: 'link.change', value: 'https://example.org' });
    t.send({ type: 'link.submit' });
    await t.settle(0, updated);
    expect(t.snap().context.focus).toEqual({ field: 'viewLink', configId: 'cfg-standard' });
  });

  it('Cancel closes the input; another flow may start while it is open', () => {
    const t = start();
    t.send({ type: 'link.open', target: untranscribed });
    t.send({ type: 'link.cancel' });
    expect(t.snap().value).toBe('Idle');
    t.send({ type: 'link.open', target: untranscribed });
    t.send({ type: 'json.open', target: transcribed });
    expect(t.snap().value).toEqual({ Json: 'Editing' });
    expect(linkTargetId(t.snap())).toBeNull();
  });
});

describe('transcription machine: Auto Generate', () => {
  it('generates (the preview cannot close meanwhile), shows the messages, saves them as generated', async () => {
    const t = start();
    t.send({ type: 'generate.open', target: transcribed });
    expect(t.snap().value).toEqual({ Preview: 'Generating' });
    expect(t.calls[0]).toMatchObject({ kind: 'generate', input: transcribed });
    t.send({ type: 'preview.cancel' });
    expect(t.snap().value).toEqual({ Preview: 'Generating' });
    const generated = [message('Hi', false), message('Hello there', true, 1)];
    await t.settle(0, generated);
    expect(t.snap().value).toEqual({ Preview: 'Ready' });
    expect(t.snap().context.messages).toEqual(generated);
    t.send({ type: 'preview.save' });
    expect(t.snap().value).toEqual({ Preview: 'Saving' });
    t.send({ type: 'preview.cancel' });
    expect(t.snap().value).toEqual({ Preview: 'Saving' });
    expect(t.calls[1]!.input).toEqual({
      target: transcribed,
      data: { messages: generated, source: 'generated' },
    });
    await t.settle(1, updated);
    expect(t.snap().value).toBe('Idle');
    expect(t.onUpdated).toHaveBeenCalledWith(updated);
    expect(t.notices).toEqual([
      { tone: 'success', message: 'Transcription saved successfully', brief: true },
    ]);
  });

  it('a failed generation closes the preview with its toast', async () => {
    const t = start();
    t.send({ type: 'generate.open', target: transcribed });
    await t.settle(0, failure(502, 'The language model did not answer'));
    expect(t.snap().value).toBe('Idle');
    expect(t.notices).toEqual([{ tone: 'error', message: 'Failed to generate transcription', brief: true }]);
  });

  it('a generation refused by a fair-use limit says what was limited and when to retry', async () => {
    const t = start();
    t.send({ type: 'generate.open', target: transcribed });
    const limited = { limit: 'transcriptions', max: 20, windowSeconds: 3600, retryAfterSeconds: 61 };
    await t.settle(0, { status: 429, message: 'Too many', data: limited });
    expect(t.snap().value).toBe('Idle');
    expect(t.notices).toEqual([
      {
        tone: 'error',
        message: 'Too many transcriptions generated: at most 20 per hour. Try again in 61 seconds.',
        brief: true,
      },
    ]);
  });

  it("no messages: 'No messages generated', nothing to save, Cancel closes", async () => {
    const t = start();
    t.send({ type: 'generate.open', target: transcribed });
    await t.settle(0, []);
    expect(t.snap().value).toEqual({ Preview: 'Empty' });
    t.send({ type: 'preview.save' });
    expect(t.snap().value).toEqual({ Preview: 'Empty' });
    t.send({ type: 'preview.cancel' });
    expect(t.snap().value).toBe('Idle');
    expect(t.calls).toHaveLength(1);
  });

  it('Cancel discards the generated messages; a failed save keeps the preview open', async () => {
    const t = start();
    t.send({ type: 'generate.open', target: transcribed });
    await t.settle(0, MESSAGES);
    t.send({ type: 'preview.save' });
    await t.settle(1, failure(400, 'Message at index 0, field "text": Message text cannot be empty'));
    expect(t.snap().value).toEqual({ Preview: 'Ready' });
    expect(t.notices).toEqual([
      {
        tone: 'error',
        message: 'Message at index 0, field "text": Message text cannot be empty',
        brief: true,
      },
    ]);
    t.send({ type: 'preview.cancel' });
    expect(t.snap().value).toBe('Idle');
    expect(t.snap().context.messages).toEqual([]);
    expect(t.onUpdated).not.toHaveBeenCalled();
  });

  it("needs the LEIA itself: 'LEIA data is not available' for an unpopulated one (Auto Generate and Generate)", () => {
    const t = start();
    t.send({ type: 'generate.open', target: bare });
    t.send({ type: 'manual.start', target: bare });
    expect(t.snap().value).toBe('Idle');
    expect(t.calls).toEqual([]);
    expect(t.notices).toEqual([
      { tone: 'error', message: 'LEIA data is not available', brief: true },
      { tone: 'error', message: 'LEIA data is not available', brief: true },
    ]);
  });
});

describe('transcription machine: Generate (a chat records it)', () => {
  it('starts a session with the experiment context (everything disabled meanwhile), then opens the chat', async () => {
    const t = start();
    t.send({ type: 'manual.start', target: transcribed });
    expect(isStartingSession(t.snap())).toBe(true);
    expect(t.calls[0]).toMatchObject({ kind: 'start', input: transcribed });
    t.send({ type: 'generate.open', target: transcribed });
    t.send({ type: 'json.open', target: transcribed });
    expect(t.calls).toHaveLength(1);
    await t.settle(0, { sessionId: 's-1' });
    expect(t.openChat).toHaveBeenCalledWith({ sessionId: 's-1', target: transcribed });
    expect(isStartingSession(t.snap())).toBe(false);
    expect(t.snap().value).toBe('Idle');
  });

  it('a start refused by a fair-use limit says what was limited and when to retry', async () => {
    const t = start();
    t.send({ type: 'manual.start', target: transcribed });
    const limited = { limit: 'chatSessions', max: 30, windowSeconds: 600, retryAfterSeconds: 1 };
    await t.settle(0, { status: 429, data: limited });
    expect(t.notices).toEqual([
      {
        tone: 'error',
        message: 'Too many chat sessions started: at most 30 per 10 minutes. Try again in 1 second.',
        brief: true,
      },
    ]);
  });

  it.each([
    ['no session id', {}],
    ['a failure', failure(500)],
  ])("%s: 'Failed to create transcription session'", async (_, outcome) => {
    const t = start();
    t.send({ type: 'manual.start', target: transcribed });
    await t.settle(0, outcome);
    expect(t.openChat).not.toHaveBeenCalled();
    expect(t.notices).toEqual([
      { tone: 'error', message: 'Failed to create transcription session', brief: true },
    ]);
  });
});

describe('transcription machine: JSON Edit', () => {
  const edited: TranscriptionMessage[] = [message('Edited question', false)];

  it('starts from the messages, 2-space JSON; an invalid edit names the field and blocks Preview and Save', () => {
    const t = start();
    t.send({ type: 'json.open', target: transcribed });
    expect(t.snap().context.json).toBe(JSON.stringify(MESSAGES, null, 2));
    expect(t.snap().context.jsonErrors).toEqual([]);
    t.send({
      type: 'json.change',
      text: '[{"text": "Hi", "timestamp": "2025-03-04T09:00:00Z", "isLeia": "yes"}]',
    });
    expect(t.snap().context.jsonErrors).toEqual([
      'Message at index 0, field "isLeia": isLeia must be a boolean',
    ]);
    t.send({ type: 'json.tab', tab: 'preview' });
    expect(t.snap().context.jsonTab).toBe('editor');
    t.send({ type: 'json.save' });
    expect(t.snap().value).toEqual({ Json: 'Editing' });
    t.send({ type: 'json.change', text: '[{"text": "Hi"' });
    expect(t.snap().context.jsonErrors).toEqual([
      'Invalid JSON format (line 1, column 15: a comma or a closing } is expected)',
    ]);
    expect(jsonPreview(t.snap().context.json)).toEqual({ kind: 'invalid' });
    expect(t.calls).toEqual([]);
  });

  it("an empty list previews as 'No messages' but cannot be saved ('At least one message is required')", () => {
    const t = start();
    t.send({ type: 'json.open', target: untranscribed });
    expect(t.snap().context.json).toBe('[]');
    expect(t.snap().context.jsonErrors).toEqual(['At least one message is required']);
    t.send({ type: 'json.tab', tab: 'preview' });
    expect(t.snap().context.jsonTab).toBe('preview');
    expect(jsonPreview(t.snap().context.json)).toEqual({ kind: 'empty' });
    t.send({ type: 'json.save' });
    expect(t.snap().value).toEqual({ Json: 'Editing' });
  });

  it('a valid edit previews as messages and saves as edited', async () => {
    const t = start();
    t.send({ type: 'json.open', target: transcribed });
    t.send({ type: 'json.change', text: JSON.stringify(edited) });
    t.send({ type: 'json.tab', tab: 'preview' });
    expect(t.snap().context.jsonTab).toBe('preview');
    expect(jsonPreview(t.snap().context.json)).toEqual({ kind: 'messages', messages: edited });
    t.send({ type: 'json.tab', tab: 'editor' });
    expect(t.snap().context.jsonTab).toBe('editor');
    t.send({ type: 'json.save' });
    expect(t.snap().value).toEqual({ Json: 'Saving' });
    t.send({ type: 'json.cancel' });
    expect(t.snap().value).toEqual({ Json: 'Saving' });
    expect(t.calls[0]!.input).toEqual({ target: transcribed, data: { messages: edited, source: 'edited' } });
    await t.settle(0, updated);
    expect(t.snap().value).toBe('Idle');
    expect(t.notices).toEqual([
      { tone: 'success', message: 'Transcription updated successfully', brief: true },
    ]);
  });

  it("a failed save keeps the editor and the text: 'Failed to save transcription' or the server's 409", async () => {
    const t = start();
    t.send({ type: 'json.open', target: transcribed });
    t.send({ type: 'json.change', text: JSON.stringify(edited) });
    t.send({ type: 'json.save' });
    await t.settle(0, failure(500));
    t.send({ type: 'json.save' });
    await t.settle(1, failure(409, 'This activity is published and can no longer be changed'));
    expect(t.snap().value).toEqual({ Json: 'Editing' });
    expect(t.snap().context.json).toBe(JSON.stringify(edited));
    expect(t.notices.map((n) => n.message)).toEqual([
      'Failed to save transcription',
      'This activity is published and can no longer be changed',
    ]);
  });
});

describe('transcription machine: viewing', () => {
  it('messages open the Transcription Messages modal; a link opens in a new tab', () => {
    const t = start();
    t.send({ type: 'view.open', target: transcribed });
    expect(t.snap().value).toBe('Viewing');
    expect(t.snap().context.messages).toEqual(MESSAGES);
    t.send({ type: 'view.close' });
    expect(t.snap().value).toBe('Idle');
    const linked = transcriptionTarget(
      week1,
      config('cfg-link', 'leia-1', { mode: 'transcription', data: { link: 'https://example.org/t' } }),
    );
    t.send({ type: 'view.open', target: linked });
    expect(t.snap().value).toBe('Idle');
    expect(t.openLink).toHaveBeenCalledWith('https://example.org/t');
  });

  it.each(['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>'])(
    'a stored link %s (an older row) is never opened, and says why',
    (link) => {
      const t = start();
      const stored = transcriptionTarget(
        week1,
        config('cfg-old', 'leia-1', { mode: 'transcription', data: { link } }),
      );
      t.send({ type: 'view.open', target: stored });
      expect(t.snap().value).toBe('Idle');
      expect(t.openLink).not.toHaveBeenCalled();
      expect(t.notices).toEqual([{ tone: 'error', message: ACTIVITY_TEXTS.linkNotOpened, brief: true }]);
    },
  );

  it('a target names its LEIA and carries the problem description the chat shows', () => {
    expect(transcribed).toMatchObject({
      activityId: week1.id,
      leiaId: 'leia-library-booking',
      leiaName: 'Library booking',
      problemDescription: 'Library booking: the problem',
      hasLeia: true,
    });
    expect(bare).toMatchObject({ leiaId: 'leia-id-only', leiaName: 'LEIA 1', hasLeia: false });
    expect(TRANSCRIPTION_TEXTS.notice).toBe(
      'Important: Any form of transcription update will result in overwriting previous data.',
    );
  });
});
