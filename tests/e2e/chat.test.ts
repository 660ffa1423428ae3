import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { ensureBuild, type RunningServer, startBuiltServer } from '../support/built-server';
import { type FakeOpenAI, startFakeOpenAI } from '../support/fake-openai';
import { signIn as apiSignIn, createUser } from './support/api';
import { hasFocus, newContext, onPath, poll } from './support/session';

/**
 * Trying a LEIA end to end (issue 4): the built app on the real server, driven in Chromium, with
 * a real loopback model that streams its replies word by word, and then with the offline simulator.
 */

const ADMIN = { email: 'admin@leia.local', password: 'e2e-chat-password' };
const INSTRUCTOR = { email: 'instructor@leia.local', password: 'e2e-chat-instructor' };
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

async function signIn(page: Page, url: string, account = ADMIN) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
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

const leiaReply = (page: Page, text: string) =>
  page.locator('.chat-log__list > li.msg--leia .msg__text', { hasText: text });
/** The status region a screen reader hears (issue 11.3). */
const chatStatus = (page: Page) => page.locator('.chat-status[role="status"]');

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

  it('after Send, Regenerate and Stop the focus is in the message box, and each outcome is announced', async () => {
    // The Send button turns into Stop, then back into a disabled Send: the focus must not stay there.
    const question = 'One more question?';
    await messageBox(page).fill(question);
    await page.getByRole('button', { name: 'Send' }).click();
    await leiaReply(page, replyTo(question)).waitFor();
    await poll(() => chatStatus(page).textContent()).toBe('LEIA has replied.');
    await poll(() => hasFocus(messageBox(page))).toBe(true);

    // Regenerate is disabled while the reply streams.
    const regenerate = page.getByRole('button', { name: 'Regenerate' });
    await regenerate.focus();
    await regenerate.press('Enter');
    await poll(() => chatStatus(page).textContent()).toBe('Regenerating the reply…');
    await poll(() => hasFocus(messageBox(page))).toBe(true);
    await poll(() => chatStatus(page).textContent()).toBe('LEIA has replied.');
    expect(await hasFocus(messageBox(page))).toBe(true);

    await send(page, 'Tell me everything about it.');
    await page.locator('.msg--streaming').waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await poll(() => chatStatus(page).textContent()).toBe('Reply stopped.');
    await poll(() => hasFocus(messageBox(page))).toBe(true);
  });
});

describe('chat with the offline simulator', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startApp({});
    const admin = await apiSignIn(server.url, ADMIN.email, ADMIN.password);
    await createUser(admin, INSTRUCTOR.email, INSTRUCTOR.password, 'instructor');
  });

  /** A page of its own (its own storage and size), signed in as `account`. */
  async function openPage(account = ADMIN, viewport = { width: 1280, height: 900 }) {
    const context = await newContext(browser, viewport);
    cleanups.push(() => context.close());
    const page = await context.newPage();
    await signIn(page, server.url, account);
    return page;
  }

  it("labels it 'Offline simulator' and answers; an admin is told how to connect a model; Finish returns the focus to Search", async () => {
    const page = await openPage();
    await tryFirstLeia(page);
    await page.getByText('Offline simulator', { exact: true }).waitFor();
    await page.getByText(/LEIA_LLM_BASE_URL/).waitFor();
    await send(page, 'Hello, who are you?');
    const reply = page.locator('.chat-log__list > li.msg--leia:not(.msg--typing) .msg__text').first();
    await reply.waitFor();
    expect(((await reply.textContent()) ?? '').trim().length).toBeGreaterThan(0);

    // Back where the chat was opened from, the next keystroke belongs in the search box.
    await page.getByRole('button', { name: 'Finish Conversation' }).click();
    await onPath(page, '/');
    await poll(() => hasFocus(page.getByRole('searchbox', { name: 'Search LEIAs' }))).toBe(true);
  });

  it('an instructor sees the simulator label but no note about the server settings', async () => {
    const page = await openPage(INSTRUCTOR);
    await tryFirstLeia(page);
    await page.getByText('Offline simulator', { exact: true }).waitFor();
    expect(await page.getByText(/LEIA_LLM_BASE_URL/).count()).toBe(0);
  });

  it('on a phone (390x844) the messages get most of the height; Actions unfolds the other actions', async () => {
    const phone = { width: 390, height: 844 };
    // An admin: the note about connecting a model is shown too, the tallest toolbar there is.
    const page = await openPage(ADMIN, phone);
    await tryFirstLeia(page);
    await page.getByText(/LEIA_LLM_BASE_URL/).waitFor();
    await send(page, 'Hello, who are you?');
    await page.locator('.chat-log__list > li.msg--leia:not(.msg--typing)').first().waitFor();

    const log = await page.getByRole('region', { name: 'Conversation' }).boundingBox();
    expect(log?.height ?? 0).toBeGreaterThanOrEqual(0.6 * phone.height);
    // Nothing wider than the screen, and the message box and Finish within it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    const box = await messageBox(page).boundingBox();
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(phone.height);
    expect(await page.getByRole('button', { name: 'Finish Conversation' }).isVisible()).toBe(true);

    // The secondary actions are folded under Actions, which a keyboard opens.
    const actions = page.getByRole('button', { name: 'Actions' });
    const regenerate = page.getByRole('button', { name: 'Regenerate' });
    expect(await regenerate.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Instructions' }).isVisible()).toBe(false);
    await actions.focus();
    await page.keyboard.press('Enter');
    expect(await actions.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Instructions', 'Evaluate', 'Regenerate', 'Export as Markdown', 'Export as JSON']) {
      expect(await page.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    }
    await regenerate.click();
    await poll(() => hasFocus(messageBox(page))).toBe(true);
  });

  it('on a wide screen there is no Actions fold', async () => {
    const page = await openPage(INSTRUCTOR);
    await tryFirstLeia(page);
    expect(await page.getByRole('button', { name: 'Actions' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Regenerate' }).isVisible()).toBe(true);
  });
});
