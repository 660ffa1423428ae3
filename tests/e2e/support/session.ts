import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ensureBuild, type RunningServer, startBuiltServer } from '../../support/built-server';

/**
 * Shared pieces for the Chromium suites: the built server on a throw-away data directory with a
 * known first admin, signing in through the real Login screen, and waits on UI states
 * (playwright-core has no `expect` of its own).
 *
 *   const app = await startApp('accounts');                 // beforeAll
 *   const { page } = await openSession(browser, app.url, app.admin);
 *   await visible(page.getByRole('heading', { name: 'Search' }));
 *   await app.stop();                                        // afterAll: server down, data removed
 */

export interface Account {
  email: string;
  password: string;
}

export interface E2EApp {
  server: RunningServer;
  url: string;
  /** The first admin, created by the server at start from LEIA_ADMIN_EMAIL / LEIA_ADMIN_PASSWORD. */
  admin: Account;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

export const E2E_ADMIN: Account = { email: 'admin@leia.local', password: 'e2e-admin-password' };

/**
 * Builds the app if no build exists, then starts dist/server/main.js on a fresh LEIA_DATA_DIR.
 * Defaults for speed and repeatability: no catalogue seeding, and login and fair-use limits no test hits;
 * `env` overrides them (e.g. { LEIA_SEED_CATALOGUE: 'true' }).
 */
export async function startApp(name: string, env: Record<string, string> = {}): Promise<E2EApp> {
  ensureBuild();
  const dataDir = await mkdtemp(join(tmpdir(), `leia-e2e-${name}-`));
  try {
    const server = await startBuiltServer(
      {
        LEIA_DATA_DIR: dataDir,
        LEIA_ADMIN_EMAIL: E2E_ADMIN.email,
        LEIA_ADMIN_PASSWORD: E2E_ADMIN.password,
        LEIA_SEED_CATALOGUE: 'false',
        LEIA_LOGIN_MAX_FAILURES: '1000',
        // No test meets a fair-use limit unless it sets one.
        LEIA_LIMIT_CHAT_SESSIONS: '1000000/1m',
        LEIA_LIMIT_CHAT_MESSAGES: '1000000/1m',
        LEIA_LIMIT_TRANSCRIPTIONS: '1000000/1m',
        LEIA_LIMIT_EVALUATIONS: '1000000/1m',
        LEIA_LIMIT_LEAK_CHECKS: '1000000/1m',
        ...env,
      },
      90_000,
    );
    return {
      server,
      url: server.url,
      admin: E2E_ADMIN,
      stop: async () => {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Room for a loaded machine (Chromium and the server share two cores with other work). */
export const UI_TIMEOUT_MS = 20_000;

/** Waits until the first match is visible. */
export const visible = (locator: Locator, timeout = UI_TIMEOUT_MS) =>
  locator.first().waitFor({ state: 'visible', timeout });

/** Waits until nothing matches, or what matches is hidden. */
export const hidden = (locator: Locator, timeout = UI_TIMEOUT_MS) =>
  locator.first().waitFor({ state: 'hidden', timeout });

/** expect.poll with the UI timeout: `await poll(() => page.url()).toBe(...)`. */
export const poll = <T>(read: () => Promise<T> | T, timeout = UI_TIMEOUT_MS) =>
  expect.poll(read, { timeout, interval: 50 });

/** Whether the element has the keyboard focus: `await poll(() => hasFocus(field)).toBe(true)`. */
export const hasFocus = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element) => element === document.activeElement);

/** The path of the page's current URL ('/login', '/administration/users'). */
export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** Waits for the browser to be on `path` (client-side navigations included). */
export const onPath = (page: Page, path: string, timeout = UI_TIMEOUT_MS) =>
  page.waitForURL((url) => url.pathname === path, { timeout, waitUntil: 'commit' });

/** The session token as the app stores it (local storage key `token`), or null. */
export const storedToken = (page: Page): Promise<string | null> =>
  page.evaluate(() => window.localStorage.getItem('token'));

/** A moment to time in the page: a text appears, a text is gone (after `after`), or a path is reached. */
export type TimingProbe =
  | { name: string; text: string }
  | { name: string; gone: string; after: string }
  | { name: string; path: string };

/**
 * Records in the page, with the page's own clock, when each probe first holds (performance.now()
 * ms), so a spec'd delay is measured where it happens and not through the test process's polling.
 * Same-document navigations keep the recorder; a reload drops it.
 *
 *   const marks = await recordTimes(page, [{ name: 'shown', text: 'Saved!' }, { name: 'home', path: '/' }]);
 *   ...; const { shown, home } = await marks();
 */
export async function recordTimes(
  page: Page,
  probes: TimingProbe[],
): Promise<() => Promise<Record<string, number | undefined>>> {
  const key = `__e2eTimes${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, probes }) => {
      const marks: Record<string, number> = {};
      (window as unknown as Record<string, unknown>)[key] = marks;
      const check = () => {
        const now = performance.now();
        const text = document.body.textContent ?? '';
        for (const probe of probes) {
          if (marks[probe.name] !== undefined) continue;
          const holds =
            'text' in probe
              ? text.includes(probe.text)
              : 'gone' in probe
                ? marks[probe.after] !== undefined && !text.includes(probe.gone)
                : window.location.pathname === probe.path;
          if (holds) marks[probe.name] = now;
        }
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
      check();
    },
    { key, probes },
  );
  return () =>
    page.evaluate((key) => ({ ...((window as unknown as Record<string, object>)[key] ?? {}) }), key);
}

/** Fills and submits the Login screen; the page must be on /login. Does not wait for the result. */
export async function submitLogin(page: Page, account: Account): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the Login screen of an open page and waits for the signed-in home page. */
export async function loginViaUi(page: Page, baseUrl: string, account: Account): Promise<void> {
  if (pathOf(page) !== '/login') await page.goto(`${baseUrl}/login`);
  await submitLogin(page, account);
  await onPath(page, '/');
  await visible(page.getByTestId('user-email').getByText(account.email, { exact: true }));
}

export interface Session {
  context: BrowserContext;
  page: Page;
}

/**
 * A new browser context (its own storage) whose every action and wait gives up after the UI
 * timeout: Playwright waits forever by default, so one missing element would otherwise hang the
 * test until vitest kills it, with no word of what was missing.
 */
export async function newContext(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  return context;
}

/**
 * A new browser context (its own local storage) signed in as `account` through the UI.
 * `prepare` runs on the page before it loads anything (e.g. `page.clock.install()`).
 */
export async function openSession(
  browser: Browser,
  baseUrl: string,
  account: Account,
  prepare?: (page: Page) => Promise<void>,
): Promise<Session> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await prepare?.(page);
  await page.goto(`${baseUrl}/login`);
  await loginViaUi(page, baseUrl, account);
  return { context, page };
}

/**
 * Opens the header menu and chooses an item ('Profile', 'Manage users', 'Logout'), with the
 * keyboard the menu button supports (Enter opens it on the first item). By keyboard because for
 * 5 s after a login the 'Logged in successfully!' toast lies over the Menu button and takes its
 * clicks (reported as an app bug); a mouse click would wait for the toast to go.
 */
export async function chooseMenuItem(page: Page, item: string): Promise<void> {
  const menu = await openMenu(page);
  await menu.getByRole('menuitem', { name: item, exact: true }).press('Enter');
}

/**
 * Chooses a header menu item that leads to `path`, and waits until the page is there. Enter on an
 * item of a header rendered anew right then (see openMenu) is lost, leaving the page where it
 * was: so while the page has not gone there, choose the item again (choosing it twice leads to the
 * same place).
 */
export async function goByMenu(page: Page, item: string, path: string): Promise<void> {
  await poll(async () => {
    if (pathOf(page) === path) return path;
    await chooseMenuItem(page, item);
    await onPath(page, path, RETRY_AFTER_MS).catch(() => undefined);
    return pathOf(page);
  }, 2 * UI_TIMEOUT_MS).toBe(path);
}

/** How long a lost key is waited for before the key is pressed again. */
const RETRY_AFTER_MS = 5_000;

/**
 * Opens the header menu by keyboard and returns it (role menu). Right after a login or a reload the
 * header can be rendered anew (the next screen's code arriving), and a key pressed on the button it
 * replaced is lost: so while the button says it is closed (aria-expanded false), focus it and press
 * Enter again. Once open, the focus is on an item and Enter would choose it: never pressed then.
 */
export async function openMenu(page: Page): Promise<Locator> {
  const button = page.getByRole('button', { name: 'Menu' });
  const menu = page.getByRole('menu', { name: 'Menu' });
  await poll(async () => {
    if ((await button.getAttribute('aria-expanded')) === 'false') {
      await button.focus();
      await page.keyboard.press('Enter');
    }
    return button.getAttribute('aria-expanded');
  }).toBe('true');
  await visible(menu);
  return menu;
}

/** Logs out through the header menu and waits for the Login screen. */
export async function logoutViaMenu(page: Page): Promise<void> {
  await chooseMenuItem(page, 'Logout');
  await onPath(page, '/login');
  await visible(page.getByRole('heading', { name: 'Designer' }));
}
