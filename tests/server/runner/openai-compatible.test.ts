import { type ChatTurn, collectReply, type LlmProvider, ProviderError } from '@server/runner/provider';
import { createProvider } from '@server/runner/providers';
import { type FakeOpenAI, startFakeOpenAI } from '../../support/fake-openai';
import { bakery } from './fixtures';

const SYSTEM = 'You are Ana, a baker. Never reveal the solution directly.';
const HISTORY: ChatTurn[] = [
  { role: 'user', content: 'Hello!' },
  { role: 'assistant', content: "Hi, I'm Ana." },
  { role: 'user', content: 'How do customers order cakes?' },
];

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const provider = (timeoutMs = 2000): LlmProvider =>
  createProvider({
    provider: 'openai-compatible',
    baseUrl: fake.url,
    model: 'tiny-llama',
    apiKey: 'sk-test',
    timeoutMs,
  });

const reply = (llm: LlmProvider, signal?: AbortSignal) =>
  llm.streamReply({ system: SYSTEM, history: HISTORY, leia: bakery, ...(signal ? { signal } : {}) });

/** Reads a stream to its end or its error, keeping the deltas received before the error. */
async function drain(stream: AsyncIterable<string>) {
  const deltas: string[] = [];
  try {
    for await (const delta of stream) deltas.push(delta);
    return { deltas, error: undefined };
  } catch (error) {
    return { deltas, error: error as ProviderError };
  }
}

describe('openai-compatible provider: chat replies', () => {
  it('sends the system prompt and the whole history, and returns the reply', async () => {
    fake.setScript({ kind: 'reply', text: 'Customers call me two days before.' });
    const llm = provider();
    expect(llm).toMatchObject({ name: 'openai-compatible', model: 'tiny-llama' });

    expect(await collectReply(reply(llm))).toBe('Customers call me two days before.');

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.body).toMatchObject({
      model: 'tiny-llama',
      stream: true,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: 'Hello!' },
        { role: 'assistant', content: "Hi, I'm Ana." },
        { role: 'user', content: 'How do customers order cakes?' },
      ],
    });
    expect(await request?.closed).toBe('completed');
  });

  it('streams the reply: each delta is handed on as it arrives', async () => {
    const chunks = ['Customers ', 'call ', 'me ', 'two ', 'days ', 'before.'];
    fake.setScript({ kind: 'reply', text: chunks.join(''), chunks, chunkDelayMs: 40 });
    const seen: { delta: string; at: number }[] = [];

    for await (const delta of reply(provider())) seen.push({ delta, at: Date.now() });

    expect(seen.map((item) => item.delta)).toEqual(chunks);
    // A buffered reply would hand every delta over in the same instant; here they are ~40 ms apart.
    const spread = (seen.at(-1)?.at ?? 0) - (seen[0]?.at ?? 0);
    expect(spread).toBeGreaterThanOrEqual(150);
  });

  it('turns HTTP 500 into an upstream error at once, without retrying', async () => {
    fake.setScript({ kind: 'error', status: 500, message: 'model crashed' });
    const { error } = await drain(reply(provider()));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'upstream', status: 500 });
    expect(error?.message).toBe('The language model server answered HTTP 500: model crashed');
    expect(fake.requests).toHaveLength(1);
  });

  it('times out when the model never answers, and closes the request', async () => {
    fake.setScript({ kind: 'hang' });
    const started = Date.now();
    const { error } = await drain(reply(provider(300)));
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(error?.message).toBe('The language model did not start answering within 0.3 s');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await fake.requests[0]?.closed).toBe('client-closed');
  });

  it('times out when the stream stalls mid-way, keeping what arrived', async () => {
    fake.setScript({ kind: 'stall', text: 'Customers call me two days before.', afterChunks: 2 });
    const { deltas, error } = await drain(reply(provider(300)));
    expect(deltas.join('')).toBe('Customers call ');
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(error?.message).toBe('The language model went silent for 0.3 s in the middle of its answer');
    expect(await fake.requests[0]?.closed).toBe('client-closed');
  });

  it('reports a stream cut mid-way', async () => {
    fake.setScript({ kind: 'cut', text: 'Customers call me two days before.', afterChunks: 3 });
    const { deltas, error } = await drain(reply(provider()));
    expect(deltas.join('')).toBe('Customers call me ');
    expect(error).toMatchObject({ kind: 'upstream' });
    expect(error?.message).toMatch(/stopped in the middle of its answer/);
  });

  it('reports a stream that ends cleanly but without finishing', async () => {
    fake.setScript({ kind: 'truncated', text: 'Customers call me two days before.', afterChunks: 2 });
    const { deltas, error } = await drain(reply(provider()));
    expect(deltas.join('')).toBe('Customers call ');
    expect(error).toMatchObject({ kind: 'upstream' });
    expect(error?.message).toMatch(/stopped in the middle of its answer/);
  });

  it('reports a malformed chunk', async () => {
    fake.setScript({ kind: 'malformed', text: 'Customers call me two days before.', afterChunks: 1 });
    const { error } = await drain(reply(provider()));
    expect(error).toMatchObject({
      kind: 'upstream',
      message: 'The language model sent a malformed chunk in its answer',
    });
  });

  it('aborts the upstream request when the caller aborts', async () => {
    fake.setScript({ kind: 'reply', text: 'one two three four five six seven eight', chunkDelayMs: 50 });
    const controller = new AbortController();
    const deltas: string[] = [];
    const reading = (async () => {
      for await (const delta of reply(provider(), controller.signal)) {
        deltas.push(delta);
        if (deltas.length === 2) controller.abort();
      }
    })();

    await expect(reading).rejects.toMatchObject({ kind: 'aborted' });
    expect(deltas).toEqual(['one ', 'two ']);
    expect(await fake.requests[0]?.closed).toBe('client-closed');
  });

  it('does not call the model when the signal is already aborted', async () => {
    const { error } = await drain(reply(provider(), AbortSignal.abort()));
    expect(error).toMatchObject({ kind: 'aborted' });
  });

  it('closes the upstream request when the reader stops early', async () => {
    fake.setScript({ kind: 'reply', text: 'one two three four five six', chunkDelayMs: 50 });
    for await (const delta of reply(provider())) {
      expect(delta).toBe('one ');
      break;
    }
    expect(await fake.requests[0]?.closed).toBe('client-closed');
  });

  it('reports an unreachable model, and works again once it is back', async () => {
    const llm = provider();
    await fake.stop();
    try {
      const { error } = await drain(reply(llm));
      expect(error).toMatchObject({ kind: 'unavailable' });
      expect(error?.message).toContain(`The language model server at ${fake.url} could not be reached`);
    } finally {
      await fake.start();
    }
    fake.setScript({ kind: 'reply', text: 'I am back.' });
    expect(await collectReply(reply(llm))).toBe('I am back.');
  });
});

describe('openai-compatible provider: transcription generation', () => {
  const interview = [
    { text: 'Hello, I am from the software team. What do you do?', isLeia: false },
    { text: 'I run a bakery in Seville.', isLeia: true },
    { text: 'How do you take cake orders today?', isLeia: false },
    { text: 'By phone, and I write them on paper notes.', isLeia: true },
  ];
  const generate = (llm = provider()) => llm.generateTranscription({ system: SYSTEM, leia: bakery });

  it('asks for a JSON-schema interview and returns it with timestamps', async () => {
    fake.setScript({ kind: 'json', value: { messages: interview } });
    const before = Date.now();

    const messages = await generate();

    expect(messages.map(({ text, isLeia }) => ({ text, isLeia }))).toEqual(interview);
    const times = messages.map((message) => Date.parse(message.timestamp));
    expect(times[0]).toBeGreaterThanOrEqual(before - 1000);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(times).size).toBe(times.length);

    const body = fake.requests[0]?.body;
    expect(body?.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { schema: { type: 'object', required: ['messages'] } },
    });
    const prompt = JSON.stringify(body?.messages);
    expect(prompt).toContain(SYSTEM);
    expect(prompt).toContain('same language as the character sheet');
  });

  it('reads JSON wrapped in a code fence, with roles instead of isLeia', async () => {
    const withRoles = interview.map(({ text, isLeia }) => ({
      role: isLeia ? 'assistant' : 'user',
      content: text,
    }));
    fake.setScript({ kind: 'reply', text: `Here it is:\n\`\`\`json\n${JSON.stringify(withRoles)}\n\`\`\`` });
    const messages = await generate();
    expect(messages.map(({ text, isLeia }) => ({ text, isLeia }))).toEqual(interview);
  });

  it('falls back to a plain prompt when the server rejects the JSON schema format', async () => {
    fake.setScript((request) =>
      request.body.response_format
        ? { kind: 'error', status: 400, message: 'response_format json_schema is not supported' }
        : { kind: 'json', value: { messages: interview } },
    );
    const messages = await generate();
    expect(messages).toHaveLength(interview.length);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.body.response_format).toBeUndefined();
  });

  it.each([
    ['not JSON', { kind: 'reply', text: 'Sure! Ana would say she bakes cakes.' }, /the reply is not JSON/],
    ['no message list', { kind: 'json', value: { interview: 'none' } }, /no list of messages/],
    [
      'an empty message',
      { kind: 'json', value: { messages: [interview[0], { text: '', isLeia: true }] } },
      /message 1/,
    ],
    ['the LEIA opening', { kind: 'json', value: { messages: interview.slice(1) } }, /interviewer must open/],
  ] as const)('rejects %s as invalid output', async (_case, script, reason) => {
    fake.setScript(script);
    const error = await generate().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'invalid-output' });
    expect((error as ProviderError).message).toMatch(
      /^The language model did not return a valid transcription: /,
    );
    expect((error as ProviderError).message).toMatch(reason);
  });

  it('passes an upstream failure through unchanged', async () => {
    fake.setScript({ kind: 'error', status: 503, message: 'overloaded' });
    await expect(generate()).rejects.toMatchObject({ kind: 'upstream', status: 503 });
    expect(fake.requests).toHaveLength(1);
  });
});
