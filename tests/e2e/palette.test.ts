import { type Browser, chromium, type Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { type ApiSession, createLeia, createUser, signIn } from './support/api';
import { type E2EApp, hidden, openSession, poll, type Session, startApp, visible } from './support/session';

/**
 * The palette's commands that gather arguments, end to end in Chromium against the built app and
 * the real server, driven from the keyboard: the admin's 'Change user role...' (which user, then
 * which role; Backspace goes back one argument), and a LEIA page where Enter, pressed before the
 * answer for the typed text arrives, acts on that answer's best match in the latest version.
 */

let app: E2EApp;
let browser: Browser;
let admin: ApiSession;
const sessions: Session[] = [];

beforeAll(async () => {
  app = await startApp('palette');
  admin = await signIn(app.url, app.admin.email, app.admin.password);
  await createLeia(admin, 'E2E Library booking', { description: 'Rooms for study groups', publish: true });
  await createLeia(admin, 'E2E Library booking', {
    version: '1.1.0',
    description: 'Rooms for study groups, now with waiting lists',
    publish: true,
  });
  // The newest, so the first row of the page's first answer; its description mentions the library.
  await createLeia(admin, 'E2E Warehouse stock', { description: 'A warehouse that stores library books' });
  browser = await launchChromium(chromium);
});

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.context.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const adminPage = async (): Promise<Page> => {
  const opened = await openSession(browser, app.url, app.admin);
  sessions.push(opened);
  return opened.page;
};

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const box = (page: Page) => palette(page).getByRole('combobox');
/** The highlighted option's title, or undefined while none is (read without waiting, for poll). */
const selectedOption = async (page: Page) =>
  (
    await palette(page).getByRole('option', { selected: true }).locator('.palette__title').allTextContents()
  )[0];
const crumbs = (page: Page) => palette(page).locator('.palette__crumb').allTextContents();

const roleOf = async (email: string): Promise<string | undefined> => {
  const list = await admin.call<{ email: string; role: string }[]>('GET', '/users');
  return list.body.find((user) => user.email === email)?.role;
};

describe('Palette commands with arguments in Chromium', () => {
  it("'Change user role...': which user, then which role, from the keyboard; Backspace goes back one argument", async () => {
    const target = { email: 'role-by-palette@e2e.test', password: 'role-by-palette-1' };
    await createUser(admin, target.email, target.password, 'instructor');
    const page = await adminPage();
    await page.goto(`${app.url}/administration/users`);
    const row = page
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ has: page.getByText(target.email, { exact: true }) });
    await visible(row.getByText('Instructor', { exact: true }));

    await page.keyboard.press('Control+k');
    await visible(palette(page));
    await page.keyboard.type('change role');
    await poll(() => selectedOption(page)).toBe('Change user role...');
    await page.keyboard.press('Enter');
    await poll(() => box(page).getAttribute('placeholder')).toBe('Change whose role? Type an email');
    await page.keyboard.type(target.email);
    await poll(() => selectedOption(page)).toBe(target.email);
    await page.keyboard.press('Enter');

    // The second argument's page: the roles the user does not have, under the chosen user.
    const rolePlaceholder = 'Which new role? Type a role';
    await poll(() => box(page).getAttribute('placeholder')).toBe(rolePlaceholder);
    expect(await crumbs(page)).toEqual(['Change user role', target.email]);
    await poll(() => palette(page).getByRole('option').allTextContents()).toEqual([
      'Administrator',
      'Advanced',
    ]);

    // Backspace in the empty box: back to the first argument, its choice forgotten.
    await page.keyboard.press('Backspace');
    await poll(() => box(page).getAttribute('placeholder')).toBe('Change whose role? Type an email');
    expect(await crumbs(page)).toEqual(['Change user role']);
    await page.keyboard.type(target.email);
    await poll(() => selectedOption(page)).toBe(target.email);
    await page.keyboard.press('Enter');
    await poll(() => box(page).getAttribute('placeholder')).toBe(rolePlaceholder);
    await page.keyboard.type('adv');
    await poll(() => selectedOption(page)).toBe('Advanced');
    await page.keyboard.press('Enter');

    await hidden(palette(page));
    await visible(page.getByText(`${target.email} is now Advanced`, { exact: true }));
    await visible(row.getByText('Advanced', { exact: true }));
    expect(await roleOf(target.email)).toBe('advanced');
  });

  it("'View LEIA...': Enter right after typing opens the best match of the answer for that text, in the latest version", async () => {
    const page = await adminPage();
    await visible(page.getByRole('heading', { level: 1, name: 'Search' }));
    await page.keyboard.press('Control+k');
    await visible(palette(page));
    await page.keyboard.type('view leia');
    await poll(() => selectedOption(page)).toBe('View LEIA...');
    await page.keyboard.press('Enter');
    // The first answer ('' typed): newest first, so the warehouse is the selected row.
    await poll(() => selectedOption(page)).toBe('E2E Warehouse stock');
    // Typed and Enter at once, before the answer for 'library' has arrived.
    await page.keyboard.type('library');
    await page.keyboard.press('Enter');

    const view = page.getByRole('dialog', { name: 'E2E Library booking' });
    await visible(view);
    await visible(view.getByText('v1.1.0', { exact: true }));
    await hidden(palette(page));
  });
  it('lists first the command whose name starts with, or contains in order, the typed words', async () => {
    const page = await adminPage();
    await visible(page.getByRole('feed', { name: 'LEIAs' }));
    await page.keyboard.press('Control+k');
    const titles = () => palette(page).locator('[cmdk-item] .palette__title').allTextContents();
    await box(page).fill('design a new');
    await poll(async () => (await titles())[0]).toBe('Design a new LEIA');
    await poll(() => selectedOption(page)).toBe('Design a new LEIA');
    await box(page).fill('new leia');
    await poll(async () => (await titles())[0]).toBe('Design a new LEIA');
    expect(await titles()).toContain('Add LEIA to activity...');
  });
});
