import { type Browser, chromium, type Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { type ApiSession, createLeia, createUser, signIn } from './support/api';
import {
  type Account,
  type E2EApp,
  hidden,
  newContext,
  onPath,
  poll,
  startApp,
  submitLogin,
  visible,
} from './support/session';
import { cardOf, editor, next, stepHeading } from './support/wizard';

/**
 * Every screen on a phone (390x844) in Chromium, against the built app and the starter catalogue:
 * the page never scrolls sideways, and every control of the screen (or of the dialog on top) can
 * be brought into view by scrolling, inside the viewport's width and not covered by anything.
 */

const PHONE = { width: 390, height: 844 };
const HISTORY_LEIA = 'Phone history interview';
const LISTED_USER = 'phone-listed@e2e.test';
const SECOND_ADMIN = { email: 'second-admin@e2e.test', password: 'e2e-second-admin' };

let app: E2EApp;
let browser: Browser;
let admin: ApiSession;
const contexts: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  app = await startApp('phone', { LEIA_SEED_CATALOGUE: 'true' });
  admin = await signIn(app.url, app.admin.email, app.admin.password);
  // Two versions of one LEIA, for History's compare view.
  await createLeia(admin, HISTORY_LEIA, { description: 'A ferry company wants online tickets' });
  await createLeia(admin, HISTORY_LEIA, {
    version: '1.1.0',
    description: 'A ferry company wants online tickets and season passes',
  });
  browser = await launchChromium(chromium);
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const phonePage = async (): Promise<Page> => {
  const context = await newContext(browser, PHONE);
  contexts.push(context);
  return context.newPage();
};

const signedInPhone = async (account: Account = app.admin): Promise<Page> => {
  const page = await phonePage();
  await page.goto(`${app.url}/login`);
  // The header hides the email on a phone: the Search screen says the sign-in is done.
  await submitLogin(page, account);
  await onPath(page, '/');
  await visible(page.getByRole('heading', { level: 1, name: 'Search' }));
  return page;
};

/**
 * What keeps a control out of reach on this page (or in the dialog on top, when one is open):
 * the page wider than the viewport; a control that, scrolled into view, still lies past either
 * edge, sits in a box that clips it (overflow hidden, scrolled only by script), or lies under
 * something else. Toasts are left out: they go by themselves.
 */
const unreachable = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      problems.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    const dialogs = document.querySelectorAll('dialog[open]');
    const scope = dialogs[dialogs.length - 1] ?? document.body;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const controls = scope.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"], [role="menuitem"], [contenteditable="true"]',
    );
    for (const control of controls) {
      if (control.closest('[hidden], [inert], [aria-hidden="true"], [data-sonner-toaster]')) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      const before = control.getBoundingClientRect();
      // Visually hidden inputs (a file input behind its button) are not controls a finger meets.
      if (before.width < 2 || before.height < 2) continue;
      const clippers: HTMLElement[] = [];
      for (let box = control.parentElement; box; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow === 'hidden' || overflow === 'clip') clippers.push(box);
      }
      for (const box of clippers) box.scrollLeft = 0;
      control.scrollIntoView({ block: 'center', inline: 'nearest' });
      const box = control.getBoundingClientRect();
      const name = describe(control);
      if (box.left < -1 || box.right > width + 1) {
        problems.push(`${name} lies at ${Math.round(box.left)}..${Math.round(box.right)}px`);
        continue;
      }
      if (clippers.some((box) => box.scrollLeft > 0)) {
        problems.push(`${name} is cut off by a box that cannot be scrolled`);
        continue;
      }
      const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
      const labels = 'labels' in control ? Array.from((control as HTMLInputElement).labels ?? []) : [];
      const reached =
        !hit ||
        control.contains(hit) ||
        hit.closest('[data-sonner-toaster]') !== null ||
        labels.some((label) => label.contains(hit));
      if (!reached) problems.push(`${name} is covered by ${describe(hit)}`);
    }
    window.scrollTo(0, 0);
    return problems;
  });

const expectReachable = async (page: Page, screen: string) => {
  expect({ screen, problems: await unreachable(page) }).toEqual({ screen, problems: [] });
};

const feed = (page: Page) => page.getByRole('feed', { name: 'LEIAs' });

describe('On a phone (390x844)', () => {
  it('Login fits', async () => {
    const page = await phonePage();
    await page.goto(`${app.url}/login`);
    await visible(page.getByRole('heading', { name: 'Designer' }));
    await expectReachable(page, 'Login');
  });

  it('Search, its rows, View, History, Add to Activity and Delete fit, every action reachable', async () => {
    const page = await signedInPhone();
    await visible(feed(page).getByRole('article'));
    await expectReachable(page, 'Search');

    const row = feed(page).getByRole('article', { name: HISTORY_LEIA }).first();
    await row.getByRole('button', { name: `View ${HISTORY_LEIA} v1.1.0` }).click();
    const view = page.getByRole('dialog', { name: HISTORY_LEIA });
    await visible(view.getByRole('tab', { name: 'Problem' }));
    await expectReachable(page, 'View');
    await view.getByRole('tab', { name: 'History' }).click();
    await view.getByRole('checkbox', { name: 'Compare v1.0.0' }).check();
    await view.getByRole('checkbox', { name: 'Compare v1.1.0' }).check();
    await visible(view.getByRole('region', { name: 'Compare v1.0.0 with v1.1.0' }));
    await expectReachable(page, 'History');
    await page.keyboard.press('Escape');
    await hidden(view);

    await row.getByRole('button', { name: /^Add to Activity / }).click();
    const add = page.getByRole('dialog', { name: `Add ${HISTORY_LEIA} LEIA to an Activity` });
    await visible(add.getByRole('combobox', { name: 'Activity' }));
    await expectReachable(page, 'Add to Activity');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await hidden(add);

    await row.getByRole('button', { name: /^Delete / }).click();
    const remove = page.getByRole('dialog', { name: 'Delete LEIA' });
    await visible(remove.getByRole('textbox'));
    await expectReachable(page, 'Delete LEIA');
  });

  it('the wizard fits on every step, its YAML preview inside the screen and never over Next', async () => {
    const page = await signedInPhone();
    await page.goto(`${app.url}/create`);
    await visible(stepHeading(page, 'Select Components'));
    await expectReachable(page, 'Wizard step 1');

    // The preview of a card low on the screen: inside the width, and Next still takes the click.
    const card = cardOf(page, 'Requirements interviewee').first();
    await card.scrollIntoViewIfNeeded();
    await card.hover();
    const popup = page.getByRole('tooltip');
    await visible(popup);
    const box = (await popup.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const nextBox = (await next(page).boundingBox())!;
    // The preview lets clicks through (pointer-events: none): hit-test it as if it did not, to see
    // whether it is drawn over Next.
    await popup.evaluate((element) => {
      (element as HTMLElement).style.pointerEvents = 'auto';
    });
    const onNext = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent?.trim() ?? '',
      { x: nextBox.x + nextBox.width / 2, y: nextBox.y + nextBox.height / 2 },
    );
    expect(onNext).toBe('Next');

    await page.goto(`${app.url}/`);
    const row = feed(page).getByRole('article').first();
    await row.getByRole('button', { name: /^Design from this / }).click();
    await onPath(page, '/create');
    await visible(stepHeading(page, 'Edit'));
    await expectReachable(page, 'Wizard step 2');

    await page
      .getByRole('article')
      .filter({ hasText: 'Persona' })
      .getByRole('button', { name: 'Edit persona' })
      .click();
    await visible(editor(page).getByRole('tab', { name: 'Visual Editor' }));
    await expectReachable(page, 'Edit Persona');
    await editor(page).getByRole('button', { name: 'Cancel' }).click();
    await hidden(editor(page));

    await next(page).click();
    await visible(stepHeading(page, 'Create your LEIA'));
    await expectReachable(page, 'Wizard step 3');
  });

  it('Chat fits, with its actions', async () => {
    const page = await signedInPhone();
    await feed(page).getByRole('button', { name: /^Try / }).first().click();
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('What do you need the new system to do?');
    await box.press('Enter');
    await poll(() => page.locator('.chat-log [role="log"]').getAttribute('aria-busy'), 30_000).toBe('false');
    await expectReachable(page, 'Chat');
    // The actions a phone folds under 'Actions'.
    await page.getByRole('button', { name: 'Actions' }).click();
    await visible(page.getByRole('button', { name: 'Regenerate' }));
    await expectReachable(page, 'Chat actions');
  });

  it('My Activities fits, an open card with a transcription row and the JSON editor included', async () => {
    const leias = await admin.call<{ id: string; metadata: { name: string } }[]>('GET', '/leias');
    const leia = leias.body[0]!;
    const created = await admin.call<{ id: string }>('POST', '/experiments', { name: 'Phone week' });
    const added = await admin.call<{ id: string }>('POST', `/experiments/${created.body.id}/leias`, {
      leia: leia.id,
    });
    await admin.call('PUT', `/experiments/${created.body.id}/leias/${added.body.id}`, {
      leia: leia.id,
      configuration: { mode: 'transcription' },
    });

    const page = await signedInPhone();
    await page.goto(`${app.url}/users/me/activities`);
    const card = page.getByRole('article', { name: 'Phone week' });
    await card.getByRole('button', { name: 'Show the LEIAs of Phone week' }).click();
    const row = card.getByRole('region', { name: leia.metadata.name });
    await visible(row.getByRole('button', { name: 'JSON Edit' }));
    await expectReachable(page, 'My Activities');
    await row.getByRole('button', { name: 'JSON Edit' }).click();
    const json = page.getByRole('dialog', { name: 'JSON Editor' });
    await visible(json.getByRole('textbox', { name: 'Transcription JSON' }));
    await expectReachable(page, 'JSON Editor');
    await json.getByRole('button', { name: 'Cancel' }).click();
    await hidden(json);

    const exported = await admin.call('GET', `/experiments/${created.body.id}/export`);
    await page.getByLabel('Activity file to import').setInputFiles({
      name: 'activity.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(exported.body)),
    });
    await visible(page.getByRole('dialog', { name: 'Import Activity' }).getByRole('textbox'));
    await expectReachable(page, 'Import Activity');
  });

  it('My Activities fits while empty, and so does New Activity', async () => {
    await createUser(admin, SECOND_ADMIN.email, SECOND_ADMIN.password, 'admin');
    const page = await signedInPhone(SECOND_ADMIN);
    await page.goto(`${app.url}/users/me/activities`);
    await visible(page.getByText('No activities yet'));
    await expectReachable(page, 'My Activities, empty');
    await page.getByRole('button', { name: 'New Activity' }).click();
    await visible(page.getByRole('dialog', { name: 'Create New Activity' }));
    await expectReachable(page, 'Create New Activity');
  });

  it('the command palette fits', async () => {
    const page = await signedInPhone();
    await page.keyboard.press('Control+k');
    await visible(page.getByRole('combobox', { name: 'Command palette' }));
    await expectReachable(page, 'Palette');
  });

  it('User Management and its user form fit', async () => {
    await createUser(admin, LISTED_USER, 'phone-listed-user-1', 'instructor');
    const page = await signedInPhone();
    await page.goto(`${app.url}/administration/users`);
    await visible(page.getByRole('button', { name: 'Add User' }));
    await visible(page.getByRole('table').getByText(app.admin.email));
    await expectReachable(page, 'User Management');
    // Stacked rows: the table itself never scrolls sideways, its rows and buttons keep their roles.
    const table = page.getByRole('table', { name: 'Users' });
    expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const frame = page.locator('.table-frame');
    expect(await frame.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const row = table.getByRole('row').filter({ hasText: LISTED_USER });
    await visible(row.getByRole('button', { name: `Edit user ${LISTED_USER}` }));
    await visible(row.getByRole('button', { name: `Delete user ${LISTED_USER}` }));
    await page.getByRole('button', { name: 'Add User' }).click();
    await visible(page.getByRole('dialog').getByRole('textbox', { name: 'Email' }));
    await expectReachable(page, 'Add User');
  });

  it('Profile fits', async () => {
    const page = await signedInPhone();
    await page.goto(`${app.url}/profile`);
    await visible(page.getByRole('heading', { name: 'Profile' }));
    await expectReachable(page, 'Profile');
  });
});
