import { type Browser, chromium, type Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { type ApiSession, createLeia, createUser, signIn } from './support/api';
import {
  type Account,
  type E2EApp,
  hasFocus,
  hidden,
  newContext,
  onPath,
  openSession,
  poll,
  type Session,
  startApp,
  submitLogin,
  visible,
} from './support/session';

/**
 * The primary navigation and the `g` shortcuts, in Chromium against the built app (issue 23, item
 * 9): the main screens as links in the header, the current one marked, reached by Tab, fitting a
 * phone; the Chat header has them too, and its logo goes home; `g m`, `g a`, `g u` beside `g s`
 * and `g d`, listed in the `?` help and as palette commands; 'Open LEIA...' and 'Try LEIA...' from
 * any screen.
 */

const LEIA = 'Navigation harbour interview';
const INSTRUCTOR: Account = { email: 'nav-instructor@e2e.test', password: 'nav-instructor-1' };
const PHONE = { width: 390, height: 844 };

let app: E2EApp;
let browser: Browser;
let admin: ApiSession;
const sessions: Session[] = [];

beforeAll(async () => {
  app = await startApp('navigation');
  admin = await signIn(app.url, app.admin.email, app.admin.password);
  await createLeia(admin, LEIA, { description: 'A harbour wants berths booked online', publish: true });
  await createUser(admin, INSTRUCTOR.email, INSTRUCTOR.password, 'instructor');
  browser = await launchChromium(chromium);
});

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.context.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const open = async (account: Account = app.admin): Promise<Page> => {
  const session = await openSession(browser, app.url, account);
  sessions.push(session);
  return session.page;
};

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const links = (page: Page) => nav(page).getByRole('link').allTextContents();
const current = (page: Page) => nav(page).locator('[aria-current="page"]').allTextContents();
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const selectedOption = async (page: Page) =>
  (
    await palette(page).getByRole('option', { selected: true }).locator('.palette__title').allTextContents()
  )[0];

/** Runs a palette command that asks for a LEIA: the command by its words, then the LEIA by name. */
async function runLeiaCommand(page: Page, words: string, title: string) {
  await page.keyboard.press('Control+k');
  await visible(palette(page));
  await page.keyboard.type(words);
  await poll(() => selectedOption(page)).toBe(title);
  await page.keyboard.press('Enter');
  await page.keyboard.type('harbour');
  await poll(() => selectedOption(page)).toBe(LEIA);
  await page.keyboard.press('Enter');
  await hidden(palette(page));
}

describe('Primary navigation in Chromium', () => {
  it("lists the admin's main screens, marks the current one, and is reached and followed from the keyboard", async () => {
    const page = await open();
    await visible(nav(page));
    expect(await links(page)).toEqual(['Search', 'My LEIAs', 'Design', 'Activities', 'Users']);
    expect(await current(page)).toEqual(['Search']);

    // Tab from the header's logo reaches the links, Enter follows one.
    const myLeias = nav(page).getByRole('link', { name: 'My LEIAs' });
    await page.getByRole('link', { name: /^LEIA Designer .*home$/ }).focus();
    for (let i = 0; i < 20 && !(await hasFocus(myLeias)); i++) await page.keyboard.press('Tab');
    expect(await hasFocus(myLeias)).toBe(true);
    await page.keyboard.press('Enter');
    await onPath(page, '/leias');
    await poll(() => current(page)).toEqual(['My LEIAs']);

    await nav(page).getByRole('link', { name: 'Users' }).click();
    await onPath(page, '/administration/users');
    await poll(() => current(page)).toEqual(['Users']);
    await visible(page.getByRole('heading', { level: 1, name: 'User Management' }));
  });

  it('an instructor sees only the screens they may open, and g a / g u take them nowhere', async () => {
    const page = await open(INSTRUCTOR);
    await visible(nav(page));
    expect(await links(page)).toEqual(['Search', 'My LEIAs', 'Design']);
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('g');
    await page.keyboard.press('a');
    await page.keyboard.press('g');
    await page.keyboard.press('m');
    // g m went to My LEIAs; g a was no shortcut of theirs (no forbidden page on the way).
    await onPath(page, '/leias');
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await visible(help);
    expect(await help.getByText('My Activities', { exact: true }).count()).toBe(0);
    expect(await help.getByText('Manage users', { exact: true }).count()).toBe(0);
  });

  it('g m, g a, g u, g d, g s go to their screens; the ? help and the palette list them', async () => {
    const page = await open();
    await visible(nav(page));
    const go = async (key: string, path: string, link: string) => {
      await page.keyboard.press('g');
      await page.keyboard.press(key);
      await onPath(page, path);
      await poll(() => current(page)).toEqual([link]);
    };
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await go('m', '/leias', 'My LEIAs');
    await go('a', '/users/me/activities', 'Activities');
    await go('u', '/administration/users', 'Users');
    await go('d', '/create', 'Design');
    await go('s', '/', 'Search');

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await visible(help);
    const navigation = help.getByRole('region', { name: 'Navigation commands' });
    for (const [title, key] of [
      ['Search LEIAs', 'S'],
      ['My LEIAs', 'M'],
      ['Design a new LEIA', 'D'],
      ['My Activities', 'A'],
      ['Manage users', 'U'],
    ] as const) {
      const row = navigation.getByRole('listitem').filter({ hasText: title });
      expect(await row.locator('kbd').allTextContents()).toEqual(['G', key]);
    }
    await page.keyboard.press('Escape');
    await hidden(help);

    await page.keyboard.press('Control+k');
    await visible(palette(page));
    await page.keyboard.type('my leias');
    await poll(() => selectedOption(page)).toBe('My LEIAs');
    await page.keyboard.press('Enter');
    await onPath(page, '/leias');
  });

  it("'Open LEIA...' and 'Try LEIA...' work from a screen that is not a LEIA list", async () => {
    const page = await open();
    await page.goto(`${app.url}/profile`);
    await visible(page.getByRole('heading', { level: 1, name: 'Profile' }));
    await runLeiaCommand(page, 'open leia', 'Open LEIA...');
    await onPath(page, '/');
    await visible(page.getByRole('dialog', { name: LEIA }));
    // The list behind it has loaded: its row is there to take the focus back.
    await visible(page.getByRole('article', { name: LEIA, includeHidden: true }));
    await page.keyboard.press('Escape');
    // Opened from the palette: closed, the focus goes to that LEIA's row.
    await hidden(page.getByRole('dialog', { name: LEIA }));
    await poll(() => hasFocus(page.getByRole('article', { name: LEIA }))).toBe(true);

    await page.goto(`${app.url}/users/me/activities`);
    await visible(page.getByRole('heading', { level: 1, name: 'My Activities' }));
    await runLeiaCommand(page, 'try leia', 'Try LEIA...');
    await poll(() => new URL(page.url()).pathname.startsWith('/chat/')).toBe(true);
    await visible(page.getByRole('heading', { level: 1, name: 'Chat' }));
  });

  it("the Chat header has the navigation and its logo goes home; on a phone they fold under 'Actions'", async () => {
    const page = await open();
    await runLeiaCommand(page, 'try leia', 'Try LEIA...');
    await visible(page.getByRole('heading', { level: 1, name: 'Chat' }));
    await visible(nav(page));
    expect(await links(page)).toEqual(['Search', 'My LEIAs', 'Design', 'Activities', 'Users']);
    expect(await current(page)).toEqual([]);
    await page.getByRole('link', { name: 'LEIA Designer, home' }).click();
    await onPath(page, '/');
    await visible(page.getByRole('heading', { level: 1, name: 'Search' }));

    await page.setViewportSize(PHONE);
    await runLeiaCommand(page, 'try leia', 'Try LEIA...');
    await visible(page.getByRole('heading', { level: 1, name: 'Chat' }));
    await hidden(nav(page));
    await page.getByRole('button', { name: 'Actions' }).click();
    await visible(nav(page));
    await nav(page).getByRole('link', { name: 'My LEIAs' }).click();
    await onPath(page, '/leias');
  });

  it('fits a 390 px phone: every link in view, the page no wider than the screen', async () => {
    const context = await newContext(browser, PHONE);
    sessions.push({ context, page: await context.newPage() });
    const page = sessions.at(-1)!.page;
    await page.goto(`${app.url}/login`);
    await submitLogin(page, app.admin);
    await onPath(page, '/');
    await visible(nav(page));
    const boxes = await nav(page)
      .getByRole('link')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(5);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
