import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { ensureBuild, type RunningServer, startBuiltServer } from '../support/built-server';
import { type ApiSession, type CreatedLeia, createLeia, createUser, signIn } from './support/api';
import { hidden, poll, visible } from './support/session';

/**
 * Issue 3, end to end in Chromium against the built server: an admin and an instructor each
 * search, filter, open the View modal (the instructor sees no Behaviour tab) and delete a LEIA of
 * their own with the typed name; the instructor gets no Delete button on another user's LEIA, and
 * the API answers 403 when asked anyway.
 */

const ADMIN = { email: 'admin@leia.local', password: 'e2e-admin-pass' };
const TEACHER = { email: 'teacher@e2e.test', password: 'e2e-teacher-pass' };

let server: RunningServer;
let dataDir: string;
let browser: Browser;
let admin: ApiSession;
let teacher: ApiSession;
let adminPublished: CreatedLeia;
let adminDraft: CreatedLeia;
let teacherOwn: CreatedLeia;

beforeAll(async () => {
  ensureBuild();
  dataDir = mkdtempSync(join(tmpdir(), 'leia-e2e-search-'));
  server = await startBuiltServer({ LEIA_DATA_DIR: dataDir, LEIA_ADMIN_PASSWORD: ADMIN.password }, 90_000);
  admin = await signIn(server.url, ADMIN.email, ADMIN.password);
  await createUser(admin, TEACHER.email, TEACHER.password, 'instructor');
  teacher = await signIn(server.url, TEACHER.email, TEACHER.password);
  adminPublished = await createLeia(admin, 'E2E Harbour interview', {
    description: 'A harbour master wants a berth booking system',
    publish: true,
  });
  adminDraft = await createLeia(admin, 'E2E Admin draft', { description: 'An unpublished draft' });
  // Instructors may not create behaviours: they build on the published one.
  teacherOwn = await createLeia(teacher, 'E2E Teacher bakery', {
    description: 'A baker wants online orders',
    behaviourId: adminPublished.behaviourId,
  });
  browser = await launchChromium(chromium);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const absent = async (locator: Locator) => expect(await locator.count()).toBe(0);
const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const tabNames = async (dialog: Locator) => {
  await visible(dialog.getByRole('tab'));
  return dialog.getByRole('tab').allTextContents();
};

const signInPage = async (account: { email: string; password: string }): Promise<Page> => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${server.url}/`);
  await visible(page.getByRole('heading', { level: 1, name: 'Search' }));
  return page;
};

const feed = (page: Page) => page.getByRole('feed', { name: 'LEIAs' });
const rowOf = (page: Page, name: string) => feed(page).getByRole('article', { name, exact: true });
const rowNames = async (page: Page) =>
  (await feed(page).locator('article h2').allTextContents()).filter((name) => name.startsWith('E2E'));

/** Types into the search box and waits for the debounced reload to settle on `expected`. */
const search = async (page: Page, text: string, expected: string[]) => {
  const box = page.getByRole('searchbox', { name: 'Search LEIAs' });
  await box.fill(text);
  await poll(() => rowNames(page)).toEqual(expected);
};

const deleteWithTypedName = async (page: Page, leia: CreatedLeia) => {
  await rowOf(page, leia.name)
    .getByRole('button', { name: /^Delete / })
    .click();
  const modal = page.getByRole('dialog', { name: 'Delete LEIA' });
  await visible(modal.getByText('This action cannot be undone. The LEIA will be permanently deleted.'));
  const confirm = modal.getByRole('button', { name: 'Delete LEIA' });
  await poll(() => confirm.isDisabled()).toBe(true);
  await modal.getByRole('textbox').fill(leia.name.toLowerCase());
  await visible(modal.getByText(`Name doesn't match. Type "${leia.name}" exactly.`));
  await modal.getByRole('textbox').fill(leia.name);
  await poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();
  await visible(page.getByText('LEIA deleted successfully'));
  await hidden(modal);
  await absent(rowOf(page, leia.name));
  // The keyboard user carries on in the list (or the search box when the list is empty), never on the page.
  await poll(() =>
    page.evaluate(() => document.activeElement?.closest('[role="feed"], search') !== null),
  ).toBe(true);
  const after = await admin.call('GET', `/leias/${leia.id}`);
  expect(after.status).toBe(404);
};

describe('Search screen in Chromium', () => {
  it('admin: searches, filters, views all three tabs and deletes a LEIA with its typed name', async () => {
    const page = await signInPage(ADMIN);
    // Newest first; the admin sees every LEIA, published or not.
    await search(page, 'e2e', ['E2E Teacher bakery', 'E2E Admin draft', 'E2E Harbour interview']);
    const harbour = rowOf(page, adminPublished.name);
    await visible(harbour.getByText('v1.0.0'));
    await visible(harbour.getByText('Published', { exact: true }));
    await visible(harbour.getByText(ADMIN.email));
    await visible(harbour.getByText('Administrator'));
    await visible(rowOf(page, teacherOwn.name).getByText('Unpublished'));
    await visible(rowOf(page, teacherOwn.name).getByText('Instructor'));
    // An admin may delete anyone's LEIA.
    await visible(rowOf(page, teacherOwn.name).getByRole('button', { name: /^Delete / }));

    // The description is searched too, case-insensitively.
    await search(page, 'BERTH booking', ['E2E Harbour interview']);

    await search(page, 'e2e', ['E2E Teacher bakery', 'E2E Admin draft', 'E2E Harbour interview']);
    await page.getByRole('combobox', { name: 'Visibility' }).selectOption('public');
    await poll(() => rowNames(page)).toEqual(['E2E Harbour interview']);
    await page.getByRole('combobox', { name: 'Visibility' }).selectOption('private');
    await poll(() => rowNames(page)).toEqual(['E2E Teacher bakery', 'E2E Admin draft']);
    await page.getByRole('combobox', { name: 'Visibility' }).selectOption('all');
    await page.getByRole('combobox', { name: 'Version' }).selectOption('all');
    await poll(() => rowNames(page)).toHaveLength(3);

    // View from the keyboard: Down from the box to the rows, Enter on the harbour row.
    await page.getByRole('searchbox').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await poll(() => focused(harbour)).toBe(true);
    await page.keyboard.press('Enter');
    const view = page.getByRole('dialog', { name: adminPublished.name });
    expect(await tabNames(view)).toEqual(['Problem', 'Persona', 'Behaviour', 'History']);
    await visible(view.getByText('A harbour master wants a berth booking system'));
    await visible(view.locator('.hljs-attr').first()); // the yaml solution, highlighted
    await view.getByRole('tab', { name: 'Behaviour' }).click();
    await visible(view.getByRole('heading', { name: 'Behaviour Configuration' }));
    await visible(view.getByText('You are Ada Lovelace. Stay in character.'));
    await page.keyboard.press('Escape');
    await hidden(view);

    await deleteWithTypedName(page, adminDraft);
    await poll(() => rowNames(page)).toEqual(['E2E Teacher bakery', 'E2E Harbour interview']);
    await page.close();
  });

  it("instructor: no Behaviour tab, no Delete on another user's LEIA (the API says 403), deletes their own", async () => {
    const page = await signInPage(TEACHER);
    await search(page, 'e2e', ['E2E Teacher bakery', 'E2E Harbour interview']);
    const harbour = rowOf(page, adminPublished.name);
    await visible(harbour.getByRole('button', { name: /^View / }));
    await absent(harbour.getByRole('button', { name: /^Delete / }));
    await visible(rowOf(page, teacherOwn.name).getByRole('button', { name: /^Delete / }));

    const forbidden = await teacher.call<{ message: string }>('DELETE', `/leias/${adminPublished.id}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('You do not have permission to delete this LEIA');

    await page.getByRole('combobox', { name: 'Visibility' }).selectOption('private');
    await poll(() => rowNames(page)).toEqual(['E2E Teacher bakery']);
    await page.getByRole('combobox', { name: 'Visibility' }).selectOption('all');
    await poll(() => rowNames(page)).toHaveLength(2);

    await harbour.getByRole('button', { name: /^View / }).click();
    const view = page.getByRole('dialog', { name: adminPublished.name });
    expect(await tabNames(view)).toEqual(['Problem', 'Persona', 'History']);
    await view.getByRole('tab', { name: 'Persona' }).click();
    await visible(view.getByText('Ada Lovelace'));
    await view.getByRole('button', { name: 'Close' }).click();
    await hidden(view);

    await deleteWithTypedName(page, teacherOwn);
    await poll(() => rowNames(page)).toEqual(['E2E Harbour interview']);
    await page.close();
  });

  it('deleting from the keyboard leaves the focus on the row now in that place, or the search box, never on the page', async () => {
    const first = await createLeia(admin, 'E2E Keys first', { description: 'Deleted from the keyboard' });
    const second = await createLeia(admin, 'E2E Keys second', { description: 'Stays' });
    const page = await signInPage(ADMIN);
    await search(page, 'e2e keys', [second.name, first.name]);
    await page.getByRole('searchbox').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await poll(() => focused(rowOf(page, first.name))).toBe(true);
    await page.keyboard.press('Delete');
    const modal = page.getByRole('dialog', { name: 'Delete LEIA' });
    await page.keyboard.type(first.name);
    await page.keyboard.press('Enter');
    await hidden(modal);
    await absent(rowOf(page, first.name));
    await poll(() => focused(rowOf(page, second.name))).toBe(true);
    // The last row: the search box takes the focus.
    await page.keyboard.press('Delete');
    await page.keyboard.type(second.name);
    await page.keyboard.press('Enter');
    await hidden(modal);
    await visible(page.getByText('No LEIAs found'));
    await poll(() => focused(page.getByRole('searchbox'))).toBe(true);
    await page.close();
  });
  it('says how many LEIAs match, keeps the versions of one LEIA together, sorts, and keeps it all in the address bar', async () => {
    // 50 LEIAs on one set of parts, then a LEIA in two versions with another between them.
    const base = await createLeia(admin, 'E2E Quay bulk 00', { description: 'A quay to count' });
    const { spec } = (await admin.call<{ spec: Record<string, { id: string }> }>('GET', `/leias/${base.id}`))
      .body;
    for (let i = 1; i < 50; i++) {
      const res = await admin.call('POST', '/leias', {
        metadata: { name: `E2E Quay bulk ${String(i).padStart(2, '0')}`, version: '1.0.0' },
        spec: { persona: spec.persona?.id, problem: spec.problem?.id, behaviour: spec.behaviour?.id },
      });
      expect(res.status).toBe(201);
    }
    await createLeia(admin, 'E2E Quay versions', { version: '1.0.0' });
    await createLeia(admin, 'E2E Quay solo');
    await createLeia(admin, 'E2E Quay versions', { version: '1.1.0' });

    const page = await signInPage(ADMIN);
    await page.goto(`${server.url}/?q=quay&version=all`);
    const status = page.getByRole('status').filter({ hasText: /LEIA/ });
    // The total, not the 50 rows of the first page.
    await poll(() => status.textContent()).toBe('53 LEIAs');
    const rowsWithVersions = () =>
      feed(page)
        .locator('article')
        .evaluateAll((rows) =>
          rows
            .slice(0, 3)
            .map(
              (row) =>
                `${row.querySelector('h2')?.textContent} ${row.textContent?.match(/v\d+\.\d+\.\d+/)?.[0]}`,
            ),
        );
    await poll(rowsWithVersions).toEqual([
      'E2E Quay versions v1.1.0',
      'E2E Quay versions v1.0.0',
      'E2E Quay solo v1.0.0',
    ]);

    await page.getByLabel('Sort').selectOption('name');
    await poll(async () => new URL(page.url()).search).toBe('?q=quay&version=all&sort=name');
    await poll(async () => (await rowNames(page))[0]).toBe('E2E Quay bulk 00');
    await page.reload();
    expect(await page.getByRole('searchbox', { name: 'Search LEIAs' }).inputValue()).toBe('quay');
    expect(await page.getByLabel('Sort').inputValue()).toBe('name');
    expect(await page.getByLabel('Version').inputValue()).toBe('all');
    await poll(async () => (await rowNames(page))[0]).toBe('E2E Quay bulk 00');
    await page.getByLabel('Version').selectOption('latest');
    await poll(() => status.textContent()).toBe('52 LEIAs');
    await page.close();
  });
});
