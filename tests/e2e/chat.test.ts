import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { ensureBuild, type RunningServer, startBuiltServer } from '../support/built-server';
import { type FakeOpenAI, startFakeOpenAI } from '../support/fake-openai';

/**
 * Trying a LEIA end to end (issue 4): the built app on the real server, driven in Chromium, with
 * a real loopback model that streams its replies word by word, and then with the offline simulator.
 */

const ADMIN = { email: 'admin@leia.local', password: 'e2e-chat-password' };
const RETRY_TEXT = 'Your message is taking a bit longer to send. Retry?';
/** Long enough, and slow enough per word, for the page to show the reply half-written. */
const replyTo = (question: string) =>
  `You asked "${question}". Let me think about that for a moment, because it matters for the new system we are building together.`;
const CHUNK_DELAY_MS = 60;
/** Questions starting so are answered slowly enough to be stopped half-way (Stop means stop). */
const SLOW_QUESTION = 'Take your time:';

let browser: Browser;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  ensureBuild();
  browser = await launchChromium(chromium);
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await browser?.close();
});

async function startApp(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'leia-e2e-chat-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const server = await startBuiltServer(
    {
      LEIA_DATA_DIR: dataDir,
      LEIA_ADMIN_EMAIL: ADMIN.email,
      LEIA_ADMIN_PASSWORD: ADMIN.password,
      LEIA_LLM_PROVIDER: '',
      LEIA_LLM_BASE_URL: '',
      LEIA_LLM_MODEL: '',
      ...env,
    },
    90_000,
  );
  cleanups.push(() => server.stop());
  return server;
}

async function signIn(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${url}/`);
}

/** Search, then 'Try' on the first catalogue LEIA: resolves on the chat page. */
async function tryFirstLeia(page: Page) {
  const tryButton = page.getByRole('button', { name: /^Try / }).first();
  await tryButton.waitFor();
  await tryButton.click();
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
}

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const bubbleTexts = (page: Page) => page.locator('.chat-log__list > li .msg__text').allTextContents();
const userBubbles = (page: Page, text: string) =>
  page.locator('.chat-log__list > li.msg--user .msg__text', { hasText: text });

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

describe('chat with a language model', () => {
  let model: FakeOpenAI;
  let server: RunningServer;
  let page: Page;

  beforeAll(async () => {
    model = await startFakeOpenAI({
      script: (request) => {
        const last = request.body.messages?.at(-1);
        const question = typeof last?.content === 'string' ? last.content : '';
        const slow = question.startsWith(SLOW_QUESTION);
        return { kind: 'reply', text: replyTo(question), chunkDelayMs: slow ? 300 : CHUNK_DELAY_MS };
      },
    });
    cleanups.push(() => model.close());
    server = await startApp({ LEIA_LLM_BASE_URL: model.url, LEIA_LLM_MODEL: 'fake' });
    page = await browser.newPage();
    cleanups.push(() => page.close());
  });

  it('tries a catalogue LEIA from Search and exchanges three streamed messages', async () => {
    await signIn(page, server.url);
    await tryFirstLeia(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Chat' }).isVisible()).resolves.toBe(true);
    // A real model is named, never labelled as the simulator.
    await page.locator('.chat-toolbar .badge', { hasText: 'fake' }).waitFor();
    expect(await page.getByText('Offline simulator').count()).toBe(0);

    const questions = ['Who are you?', 'What do you need the system to do?', 'Who else will use it?'];
    for (const question of questions) {
      await send(page, question);
      const full = replyTo(question);
      // The reply grows on the page: a partial text shows before the whole one.
      const streaming = page.locator('.msg--streaming .msg__text');
      await streaming.waitFor();
      const partial = (await streaming.textContent()) ?? '';
      expect(partial.length).toBeGreaterThan(0);
      expect(full.startsWith(partial)).toBe(true);
      expect(partial).not.toBe(full);
      await page.locator('.chat-log__list > li.msg--leia .msg__text', { hasText: full }).waitFor();
      await streaming.waitFor({ state: 'detached' });
    }
    expect(await bubbleTexts(page)).toEqual(questions.flatMap((q) => [q, replyTo(q)]));
  });

  it('finds the conversation again after a reload', async () => {
    await page.reload();
    await messageBox(page).waitFor();
    await page.locator('.chat-log__list > li').nth(5).waitFor();
    expect(await bubbleTexts(page)).toHaveLength(6);
    expect((await bubbleTexts(page))[4]).toBe('Who else will use it?');
  });

  it('shows the retry notice while the model is away, and Retry succeeds once it is back', async () => {
    await model.stop();
    const question = 'Are you still there?';
    await send(page, question);
    await page.getByText(RETRY_TEXT).waitFor({ timeout: 30_000 });
    await model.start();
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.locator('.chat-log__list > li.msg--leia .msg__text', { hasText: replyTo(question) }).waitFor();
    expect(await page.getByText(RETRY_TEXT).count()).toBe(0);
    expect(await userBubbles(page, question).count()).toBe(1);
    // The server stored the message once as well.
    await page.reload();
    await page.locator('.chat-log__list > li').nth(7).waitFor();
    expect(await userBubbles(page, question).count()).toBe(1);
    expect(await bubbleTexts(page)).toHaveLength(8);
  });

  it('Stop aborts the model request; the partial reply, marked stopped, is what a reload shows', async () => {
    const question = `${SLOW_QUESTION} what happens next?`;
    const requestsBefore = model.requests.length;
    await send(page, question);
    const streaming = page.locator('.msg--streaming .msg__text');
    await streaming.waitFor();
    await page.keyboard.press('Escape');
    await streaming.waitFor({ state: 'detached' });
    // The model's own request was aborted: the server stopped generating.
    expect(await model.requests[requestsBefore]!.closed).toBe('client-closed');

    const shown = await bubbleTexts(page);
    const partial = shown.at(-1)!;
    expect(shown.at(-2)).toBe(question);
    expect(partial.length).toBeGreaterThan(0);
    expect(replyTo(question).startsWith(partial)).toBe(true);
    expect(partial).not.toBe(replyTo(question));
    const lastMarker = () => page.locator('.chat-log__list > li:last-child .msg__stopped');
    expect(await lastMarker().textContent()).toBe('(stopped)');

    // Well after the whole reply would have been written, a reload shows the same.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await page.reload();
    await page
      .locator('.chat-log__list > li')
      .nth(shown.length - 1)
      .waitFor();
    expect(await bubbleTexts(page)).toEqual(shown);
    expect(await lastMarker().textContent()).toBe('(stopped)');
    expect(await page.locator('.msg__stopped').count()).toBe(1);
  });
});

describe('chat with the offline simulator', () => {
  it("labels it 'Offline simulator' and answers", async () => {
    const server = await startApp({});
    const page = await browser.newPage();
    cleanups.push(() => page.close());
    await signIn(page, server.url);
    await tryFirstLeia(page);
    await page.getByText('Offline simulator', { exact: true }).waitFor();
    await page.getByText(/LEIA_LLM_BASE_URL/).waitFor();
    await send(page, 'Hello, who are you?');
    const reply = page.locator('.chat-log__list > li.msg--leia:not(.msg--typing) .msg__text').first();
    await reply.waitFor();
    expect(((await reply.textContent()) ?? '').trim().length).toBeGreaterThan(0);
  });
});
