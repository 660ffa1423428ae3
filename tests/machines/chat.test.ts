import { availability } from '@machines/action';
import {
  EXPORT_ACTIONS,
  evaluateConversation,
  exportJson,
  exportMarkdown,
  regenerateReply,
  retryReply,
  stopReply,
} from '@machines/chat/actions';
import {
  CHAT_TEXTS,
  type ChatEvent,
  type ChatExport,
  type ChatSessionInfo,
  type LoadedSession,
  type ReplyInput,
  type ReplyOutput,
  type StoredChat,
} from '@machines/chat/contract';
import { chatMachine } from '@machines/chat/machine';
import { type ChatSnapshot, canSend, chatView, failedNotice } from '@machines/chat/selectors';
import { EVALUATION_VIEW_TEXTS } from '@machines/evaluation';
import type { Notice } from '@machines/notice';
import type { ChatMessage } from '@shared/schemas/runner';
import { createActor, fromPromise } from 'xstate';

const SESSION = 's-1';
const info: ChatSessionInfo = {
  provider: 'simulator',
  model: 'offline-simulator',
  leia: { name: 'Bank clerk', problemDescription: 'Design the account system' },
};
const msg = (text: string, isLeia: boolean, timestamp = '2025-01-01T10:00:00.000Z'): ChatMessage => ({
  text,
  timestamp,
  isLeia,
});

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

/** One call of the fake `reply` actor: what it was asked, and how the test answers it. */
interface ReplyCall {
  input: ReplyInput;
  signal: AbortSignal;
  delta: (text: string) => void;
  done: (output: ReplyOutput) => Promise<void>;
  fail: (error: unknown) => Promise<void>;
}

interface StartOptions {
  load?: LoadedSession | Error | { status?: number; message?: string };
  stored?: StoredChat | null;
}

const start = ({ load = { session: info, messages: [] }, stored = null }: StartOptions = {}) => {
  const replies: ReplyCall[] = [];
  const persisted: StoredChat[] = [];
  const downloads: ChatExport[] = [];
  const notices: Notice[] = [];
  const loadSession = vi.fn(async () => {
    if (load instanceof Error || !('session' in load)) throw load;
    return load;
  });
  const machine = chatMachine.provide({
    actors: {
      loadSession: fromPromise(loadSession),
      reply: fromPromise<ReplyOutput, ReplyInput>(({ input, signal }) => {
        const { promise, resolve, reject } = deferred<ReplyOutput>();
        replies.push({
          input,
          signal,
          delta: input.onDelta,
          done: async (output) => {
            resolve(output);
            await flush();
          },
          fail: async (error) => {
            reject(error);
            await flush();
          },
        });
        return promise;
      }),
    },
    actions: {
      persist: (_, chat) => void persisted.push(structuredClone(chat)),
      download: (_, file) => void downloads.push(structuredClone(file)),
      notify: (_, notice) => void notices.push(notice),
    },
  });
  const actor = createActor(machine, { input: { sessionId: SESSION, stored } }).start();
  const last = () => {
    const call = replies.at(-1);
    if (!call) throw new Error('no reply requested');
    return call;
  };
  return {
    actor,
    replies,
    persisted,
    downloads,
    notices,
    loadSession,
    last,
    send: (event: ChatEvent) => actor.send(event),
    snap: () => actor.getSnapshot(),
  };
};

/** Started and loaded. */
const ready = async (options?: StartOptions) => {
  const chat = start(options);
  await flush();
  return chat;
};

describe('chat machine: loading', () => {
  it('loads the session first, tagged loading, then shows the server messages', async () => {
    const messages = [msg('Hi', false), msg('Hello!', true)];
    const chat = start({ load: { session: info, messages } });
    expect(chat.snap().value).toBe('Loading');
    expect(chat.snap().hasTag('loading')).toBe(true);
    expect(chatView(chat.snap())).toBe('loading');
    await flush();
    expect(chat.loadSession).toHaveBeenCalledWith(expect.objectContaining({ input: { sessionId: SESSION } }));
    expect(chat.snap().value).toBe('Idle');
    expect(chatView(chat.snap())).toBe('chat');
    expect(chat.snap().context.messages).toEqual(messages);
    expect(chat.snap().context.session).toEqual(info);
    expect(chat.snap().context.offline).toBe(false);
  });

  it("prefers the server's messages to the stored ones, and stores them in their place", async () => {
    const server = [msg('From server', false)];
    const chat = await ready({
      load: { session: info, messages: server },
      stored: { sessionId: SESSION, messages: [msg('stale', false)] },
    });
    expect(chat.snap().context.messages).toEqual(server);
    expect(chat.persisted.at(-1)).toEqual({ sessionId: SESSION, messages: server });
  });

  it('opening another session replaces the stored conversation', async () => {
    const chat = await ready({ stored: { sessionId: 'other', messages: [msg('old', false)] } });
    expect(chat.persisted.at(-1)).toEqual({ sessionId: SESSION, messages: [] });
  });

  it("offline (no response), falls back to this session's stored messages", async () => {
    const stored = [msg('Kept', false), msg('Also kept', true)];
    const chat = await ready({
      load: new Error('Failed to fetch'),
      stored: { sessionId: SESSION, messages: stored },
    });
    expect(chat.snap().value).toBe('Idle');
    expect(chat.snap().context.messages).toEqual(stored);
    expect(chat.snap().context.offline).toBe(true);
    expect(chat.snap().context.session).toBeNull();
  });

  it("does not use another session's stored messages, nor any when the server answered with an error", async () => {
    const other = await ready({
      load: new Error('Failed to fetch'),
      stored: { sessionId: 'other', messages: [msg('x', false)] },
    });
    expect(other.snap().value).toBe('LoadFailed');
    const notFound = await ready({
      load: { status: 404, message: 'Session not found' },
      stored: { sessionId: SESSION, messages: [msg('x', false)] },
    });
    expect(notFound.snap().value).toBe('LoadFailed');
    expect(chatView(notFound.snap())).toBe('failed');
    expect(notFound.snap().context.loadError).toEqual({ status: 404, message: 'Session not found' });
    expect(notFound.persisted).toEqual([]);
  });

  it('chat.reload after a failed load loads again', async () => {
    const chat = await ready({ load: { status: 500 } });
    chat.send({ type: 'chat.reload' });
    expect(chat.snap().value).toBe('Loading');
    expect(chat.loadSession).toHaveBeenCalledTimes(2);
  });
});

describe('chat machine: sending', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('sends: the user message appears at once, with the typing indicator until the first token', async () => {
    const chat = await ready();
    chat.send({ type: 'chat.send', text: '  Hello there \n' });
    expect(chat.snap().value).toEqual({ Replying: 'Sending' });
    expect(chat.snap().hasTag('typing')).toBe(true);
    expect(chat.snap().hasTag('replying')).toBe(true);
    expect(chat.snap().context.messages).toEqual([msg('Hello there', false, '2025-06-01T12:00:00.000Z')]);
    expect(chat.last().input).toMatchObject({ sessionId: SESSION, mode: 'send', text: 'Hello there' });
    // The user message is stored before the reply arrives (a reload mid-reply keeps it).
    expect(chat.persisted.at(-1)?.messages).toHaveLength(1);
  });

  it('streams: the reply grows with each delta, then the whole message replaces it', async () => {
    const chat = await ready();
    chat.send({ type: 'chat.send', text: 'Hi' });
    chat.last().delta('Hel');
    expect(chat.snap().value).toEqual({ Replying: 'Streaming' });
    expect(chat.snap().hasTag('typing')).toBe(false);
    expect(chat.snap().context.partial).toBe('Hel');
    chat.last().delta('lo!');
    expect(chat.snap().context.partial).toBe('Hello!');
    expect(chat.snap().context.messages).toHaveLength(1);
    await chat.last().done({ text: 'Hello! (stored)', timestamp: '2025-06-01T12:00:03.000Z' });
    expect(chat.snap().value).toBe('Idle');
    expect(chat.snap().context.partial).toBe('');
    expect(chat.snap().context.messages.at(-1)).toEqual(
      msg('Hello! (stored)', true, '2025-06-01T12:00:03.000Z'),
    );
    expect(chat.persisted.at(-1)?.messages).toHaveLength(2);
  });

  it('a reply without a timestamp is stamped now', async () => {
    const chat = await ready();
    chat.send({ type: 'chat.send', text: 'Hi' });
    await chat.last().done({ text: 'Hello' });
    expect(chat.snap().context.messages.at(-1)?.timestamp).toBe('2025-06-01T12:00:00.000Z');
  });

  it('does not send blank messages', async () => {
    const chat = await ready();
    for (const text of ['', '   ', '\n\t\n']) {
      expect(canSend(chat.snap(), text)).toBe(false);
      chat.send({ type: 'chat.send', text });
    }
    expect(chat.snap().value).toBe('Idle');
    expect(chat.replies).toHaveLength(0);
    expect(chat.snap().context.messages).toEqual([]);
    expect(canSend(chat.snap(), 'x')).toBe(true);
  });

  it('accepts no second message while a reply is on its way', async () => {
    const chat = await ready();
    chat.send({ type: 'chat.send', text: 'One' });
    expect(canSend(chat.snap(), 'Two')).toBe(false);
    chat.send({ type: 'chat.send', text: 'Two' });
    expect(chat.replies).toHaveLength(1);
    expect(chat.snap().context.messages).toHaveLength(1);
  });

  it('no sending while loading or after a failed load', async () => {
    const chat = start();
    expect(canSend(chat.snap(), 'Hi')).toBe(false);
    const failed = await ready({ load: { status: 404 } });
    expect(canSend(failed.snap(), 'Hi')).toBe(false);
  });
});

describe('chat machine: evaluating the conversation', () => {
  it('is refused before the LEIA has replied and while a reply streams; then it emits what to evaluate', async () => {
    const chat = await ready();
    const asked: unknown[] = [];
    chat.actor.on('evaluate', (event) => void asked.push(event));
    expect(availability(chat.snap(), evaluateConversation, undefined).reason).toBe(
      EVALUATION_VIEW_TEXTS.nothingYet,
    );
    const before = chat.snap();
    chat.send(evaluateConversation.event());
    expect(chat.snap()).toBe(before);
    chat.send({ type: 'chat.send', text: 'Hi' });
    await chat.last().done({ text: 'Hello!', timestamp: '2025-06-01T12:00:03.000Z' });
    chat.send({ type: 'chat.send', text: 'And then?' });
    expect(availability(chat.snap(), evaluateConversation, undefined).reason).toBe(
      EVALUATION_VIEW_TEXTS.replying,
    );
    chat.send(evaluateConversation.event());
    expect(asked).toEqual([]);
    await chat.last().done({ text: 'Then this.', timestamp: '2025-06-01T12:00:05.000Z' });
    expect(chat.snap().can(evaluateConversation.event())).toBe(true);
    chat.send(evaluateConversation.event());
    expect(asked).toEqual([{ type: 'evaluate', sessionId: SESSION, about: info.leia.name }]);
  });
});

describe('chat machine: failure and retry', () => {
  it('a failed send shows the retry notice; Retry sends the same text without adding it again', async () => {
    const chat = await ready();
    chat.send({ type: 'chat.send', text: 'Are you there?' });
    await chat.last().fail({ status: 502, message: 'The language model did not answer in time' });
    expect(chat.snap().value).toBe('Failed');
    expect(CHAT_TEXTS.failedSend).toBe('Your message is taking a bit longer to send. Retry?');
    expect(chat.snap().context.pending).toEqual({ mode: 'send', text: 'Are you there?' });
    expect(chat.snap().context.messages).toEqual([expect.objectContaining({ text: 'Are you there?' })]);

    chat.send({ type: 'chat.retry' });
    expect(chat.snap().value).toEqual({ Replying: 'Sending' });
    expect(chat.replies).toHaveLength(2);
    expect(chat.last().input).toMatchObject({ mode: 'send', text: 'Are you there?' });
    expect(chat.snap().context.messages).toHaveLength(1);
    await chat.last().done({ text: 'Yes!' });
    expect(chat.snap().value).toBe('Idle');
    expect(chat.snap().context.messages.map((m) => m.text)).toEqual(['Are you there?', 'Yes!']);
  });

  it('a reply refused by a fair-use limit says what was limited and when to retry, not the generic notice', async () => {
    const chat = await ready();
    expect(failedNotice(chat.snap())).toBeNull();
    chat.send({ type: 'chat.send', text: 'One more?' });
    const limited = { limit: 'chatReplies', max: 120, windowSeconds: 600, retryAfterSeconds: 42 } as const;
    await chat.last().fail({ status: 429, message: 'Too many', data: limited });
    expect(chat.snap().value).toBe('Failed');
    expect(failedNotice(chat.snap())).toBe(
      'Too many chat messages sent: at most 120 per 10 minutes. Try again in 42 seconds.',
    );
    // Retry, then any other failure: the generic notice again.
    chat.send({ type: 'chat.retry' });
    await chat.last().fail({ status: 502 });
    expect(failedNotice(chat.snap())).toBe(CHAT_TEXTS.failedSend);
  });

  it('a failure mid-stream drops the partial reply', async () => {
    const chat = await ready();
    chat.send({ type: 'chat.send', text: 'Hi' });
    chat.last().delta('Half a rep');
    await chat.last().fail(new Error('cut'));
    expect(chat.snap().value).toBe('Failed');
    expect(chat.snap().context.partial).toBe('');
    expect(chat.snap().context.messages).toHaveLength(1);
  });

  it('after a failure a new message may be sent instead (the notice goes)', async () => {
    const chat = await ready();
    chat.send({ type: 'chat.send', text: 'First' });
    await chat.last().fail({ status: 502 });
    chat.send({ type: 'chat.send', text: '   ' });
    expect(chat.snap().value).toBe('Failed');
    chat.send({ type: 'chat.send', text: 'Second' });
    expect(chat.snap().value).toEqual({ Replying: 'Sending' });
    expect(chat.last().input.text).toBe('Second');
    expect(chat.snap().context.messages.map((m) => m.text)).toEqual(['First', 'Second']);
  });
});

describe('chat machine: stop', () => {
  it('Stop while streaming aborts the request and keeps the partial text as the reply', async () => {
    const chat = await ready();
    chat.send({ type: 'chat.send', text: 'Tell me everything' });
    const call = chat.last();
    call.delta('Well, it all began');
    chat.send({ type: 'chat.stop' });
    expect(call.signal.aborted).toBe(true);
    expect(chat.snap().value).toBe('Idle');
    expect(chat.snap().context.messages.map((m) => [m.text, m.isLeia])).toEqual([
      ['Tell me everything', false],
      ['Well, it all began', true],
    ]);
    expect(chat.persisted.at(-1)?.messages).toHaveLength(2);
  });

  it('Stop marks the partial reply as stopped, as the server stores it', async () => {
    const chat = await ready();
    chat.send({ type: 'chat.send', text: 'Tell me everything' });
    chat.last().delta('Well, it ');
    chat.send({ type: 'chat.stop' });
    expect(chat.snap().context.messages.at(-1)).toMatchObject({
      text: 'Well, it ',
      isLeia: true,
      stopped: true,
    });
    expect(chat.snap().context.messages[0]).not.toHaveProperty('stopped');
    expect(chat.persisted.at(-1)?.messages.at(-1)?.stopped).toBe(true);
  });

  it('Stop before the first token leaves no reply', async () => {
    const chat = await ready();
    chat.send({ type: 'chat.send', text: 'Hi' });
    chat.send({ type: 'chat.stop' });
    expect(chat.last().signal.aborted).toBe(true);
    expect(chat.snap().value).toBe('Idle');
    expect(chat.snap().context.messages).toHaveLength(1);
  });

  it("a stopped request's late deltas and answer never reach the next reply", async () => {
    const chat = await ready();
    chat.send({ type: 'chat.send', text: 'One' });
    const first = chat.last();
    first.delta('Fir');
    chat.send({ type: 'chat.stop' });
    chat.send({ type: 'chat.send', text: 'Two' });
    first.delta('st, late');
    expect(chat.snap().value).toEqual({ Replying: 'Sending' });
    expect(chat.snap().context.partial).toBe('');
    await first.done({ text: 'First, late' });
    expect(chat.snap().value).toEqual({ Replying: 'Sending' });
    chat.last().delta('Second');
    expect(chat.snap().context.partial).toBe('Second');
  });

  it('Stop outside a reply does nothing', async () => {
    const chat = await ready({ load: { session: info, messages: [msg('a', false)] } });
    chat.send({ type: 'chat.stop' });
    expect(chat.snap().value).toBe('Idle');
    expect(chat.snap().context.messages).toHaveLength(1);
  });
});

describe('chat machine: regenerate', () => {
  const conversation = [msg('Q1', false), msg('A1', true), msg('Q2', false), msg('A2', true)];

  it('removes the last reply and streams a new one', async () => {
    const chat = await ready({ load: { session: info, messages: conversation } });
    chat.send({ type: 'chat.regenerate' });
    expect(chat.snap().value).toEqual({ Replying: 'Sending' });
    expect(chat.last().input).toMatchObject({ mode: 'regenerate', sessionId: SESSION });
    expect(chat.snap().context.messages.map((m) => m.text)).toEqual(['Q1', 'A1', 'Q2']);
    chat.last().delta('A2, again');
    await chat.last().done({ text: 'A2, again' });
    expect(chat.snap().context.messages.map((m) => m.text)).toEqual(['Q1', 'A1', 'Q2', 'A2, again']);
  });

  it('answers a message whose reply was stopped before it began', async () => {
    const chat = await ready({ load: { session: info, messages: [msg('Q1', false)] } });
    chat.send({ type: 'chat.regenerate' });
    expect(chat.snap().context.messages.map((m) => m.text)).toEqual(['Q1']);
    expect(chat.last().input.mode).toBe('regenerate');
  });

  it('is not offered before the user has said anything, nor while replying', async () => {
    const empty = await ready({ load: { session: info, messages: [msg('Hello, I am the LEIA', true)] } });
    expect(empty.snap().can({ type: 'chat.regenerate' })).toBe(false);
    const chat = await ready({ load: { session: info, messages: conversation } });
    chat.send({ type: 'chat.send', text: 'Q3' });
    expect(chat.snap().can({ type: 'chat.regenerate' })).toBe(false);
  });

  it('a failed regenerate is retried as a regenerate', async () => {
    const chat = await ready({ load: { session: info, messages: conversation } });
    chat.send({ type: 'chat.regenerate' });
    await chat.last().fail({ status: 502 });
    expect(chat.snap().value).toBe('Failed');
    chat.send({ type: 'chat.retry' });
    expect(chat.last().input.mode).toBe('regenerate');
    expect(chat.replies).toHaveLength(2);
  });
});

describe('chat machine: the actions (machines/chat/actions.ts)', () => {
  const conversation = [msg('Q1', false), msg('A1', true)];
  const can = (chat: { snap: () => ChatSnapshot }) => ({
    regenerate: chat.snap().can(regenerateReply.event()),
    stop: chat.snap().can(stopReply.event()),
    retry: chat.snap().can(retryReply.event()),
    export: EXPORT_ACTIONS.map((action) => chat.snap().can(action.event())),
  });

  it('loading: none; with a conversation: Regenerate and the exports; replying: Stop and the exports; failed: Retry', async () => {
    const chat = start({ load: { session: info, messages: conversation } });
    expect(can(chat)).toEqual({ regenerate: false, stop: false, retry: false, export: [false, false] });
    await flush();
    expect(can(chat)).toEqual({ regenerate: true, stop: false, retry: false, export: [true, true] });
    chat.send(regenerateReply.event());
    expect(can(chat)).toEqual({ regenerate: false, stop: true, retry: false, export: [true, true] });
    await chat.last().fail({ status: 502 });
    expect(can(chat)).toEqual({ regenerate: false, stop: false, retry: true, export: [true, true] });
  });

  it('nothing to export: the exports are refused and the refused event downloads nothing', async () => {
    const chat = await ready();
    expect(chat.snap().can(exportJson.event())).toBe(false);
    chat.send(exportJson.event());
    chat.send(exportMarkdown.event());
    expect(chat.downloads).toEqual([]);
    expect(chat.snap().value).toBe('Idle');
  });

  it('an export downloads the conversation in its format, with the session and the LEIA', async () => {
    const chat = await ready({ load: { session: info, messages: conversation } });
    chat.send(exportMarkdown.event());
    chat.send(exportJson.event());
    expect(chat.downloads).toEqual([
      { format: 'markdown', sessionId: SESSION, leiaName: 'Bank clerk', messages: conversation },
      { format: 'json', sessionId: SESSION, leiaName: 'Bank clerk', messages: conversation },
    ]);
    chat.send({ type: 'chat.exportRefused', errors: ['bad'] });
    expect(chat.notices).toEqual([{ tone: 'error', message: CHAT_TEXTS.exportFailed, detail: 'bad' }]);
  });

  it('refused Regenerate, Stop and Retry do nothing', async () => {
    const chat = await ready({ load: { session: info, messages: [msg('Hello, I am the LEIA', true)] } });
    for (const action of [regenerateReply, stopReply, retryReply]) {
      expect(chat.snap().can(action.event())).toBe(false);
      chat.send(action.event());
    }
    expect(chat.snap().value).toBe('Idle');
    expect(chat.replies).toHaveLength(0);
    expect(chat.snap().context.messages.map((m) => m.text)).toEqual(['Hello, I am the LEIA']);
  });
});

describe('chat machine: local storage', () => {
  it('stores the messages with the session id after every change, never the partial reply', async () => {
    const chat = await ready();
    chat.send({ type: 'chat.send', text: 'Hi' });
    chat.last().delta('Hel');
    chat.last().delta('lo');
    const whileStreaming = chat.persisted.length;
    expect(chat.persisted.at(-1)?.messages.map((m) => m.text)).toEqual(['Hi']);
    await chat.last().done({ text: 'Hello' });
    expect(chat.persisted.length).toBe(whileStreaming + 1);
    expect(chat.persisted.every((stored) => stored.sessionId === SESSION)).toBe(true);
    expect(chat.persisted.at(-1)?.messages.map((m) => m.text)).toEqual(['Hi', 'Hello']);
  });

  it('keeps the failed message stored, without the retry notice', async () => {
    const chat = await ready();
    chat.send({ type: 'chat.send', text: 'Hi' });
    await chat.last().fail({ status: 502 });
    expect(chat.persisted.at(-1)?.messages.map((m) => m.text)).toEqual(['Hi']);
  });
});
