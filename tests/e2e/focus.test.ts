import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { type ApiSession, type CreatedLeia, createLeia, signIn } from './support/api';
import {
  type E2EApp,
  hasFocus,
  hidden,
  onPath,
  openSession,
  poll,
  type Session,
  startApp,
  visible,
} from './support/session';
import { choose, editor, next, partCard, stepHeading } from './support/wizard';

/**
 * Where the focus lands after each action of issue 23 (item 11), and the dialogs that ask before
 * dropping edits (item 4's rest: Import, Add to Activity, the leak check's settings), in Chromium
 * against the built app and the starter catalogue.
 */

const LIBRARY = {
  behaviour: 'Requirements interviewee',
  problem: 'Library room booking',
  persona: 'Aisha Okafor',
};

let app: E2EApp;
let browser: Browser;
let admin: ApiSession;
let leia: CreatedLeia;
const sessions: Session[] = [];

beforeAll(async () => {
  app = await startApp('focus', { LEIA_SEED_CATALOGUE: 'true' });
  admin = await signIn(app.url, app.admin.email, app.admin.password);
  leia = await createLeia(admin, 'Focus ferry interview', {
    description: 'A ferry sells tickets',
    publish: true,
  });
  browser = await launchChromium(chromium);
});

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.context.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const open = async (): Promise<Page> => {
  const session = await openSession(browser, app.url, app.admin);
  sessions.push(session);
  return session.page;
};

const focused = (locator: Locator) => poll(() => hasFocus(locator)).toBe(true);
const discardQuestion = (page: Page) => page.getByRole('dialog', { name: 'Discard your changes?' });

/** Escape asks first; Keep editing keeps the dialog; Discard changes closes it. */
async function asksBeforeDropping(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  const ask = discardQuestion(page);
  await visible(ask);
  await focused(ask.getByRole('button', { name: 'Keep editing' }));
  await page.keyboard.press('Enter');
  await hidden(ask);
  await visible(dialog);
  await page.keyboard.press('Escape');
  await discardQuestion(page).getByRole('button', { name: 'Discard changes' }).click();
  await hidden(dialog);
}

async function activityWithLeia(name: string, mode: 'standard' | 'transcription') {
  const created = await admin.call<{ id: string }>('POST', '/experiments', { name });
  const added = await admin.call<{ id: string }>('POST', `/experiments/${created.body.id}/leias`, {
    leia: leia.id,
  });
  if (mode === 'transcription') {
    await admin.call('PUT', `/experiments/${created.body.id}/leias/${added.body.id}`, {
      leia: leia.id,
      configuration: { mode },
    });
  }
  return created.body.id;
}

const openCard = async (page: Page, name: string) => {
  await page.goto(`${app.url}/users/me/activities`);
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: `Show the LEIAs of ${name}` }).click();
  return card.getByRole('region', { name: leia.name });
};

describe('Focus after actions in Chromium', () => {
  it("creating an activity: on the new activity's card", async () => {
    const page = await open();
    await page.goto(`${app.url}/users/me/activities`);
    await page.getByRole('button', { name: 'New Activity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Activity' });
    await dialog.getByRole('textbox', { name: 'Activity Name' }).fill('Focus week 1');
    await page.keyboard.press('Enter');
    await hidden(dialog);
    await focused(page.getByRole('button', { name: 'Show the LEIAs of Focus week 1' }));
  });

  it("changing a LEIA's mode: stays on its Mode; adding a link: on the link's View, Cancel: on Add Link", async () => {
    await activityWithLeia('Focus week 2', 'standard');
    const page = await open();
    const row = await openCard(page, 'Focus week 2');
    const mode = row.getByRole('combobox', { name: `Mode of ${leia.name}` });
    // Chosen from the keyboard: the select has the focus while its change is saved (and disabled).
    await mode.focus();
    await mode.selectOption('transcription');
    await visible(row.getByRole('button', { name: 'Add Link' }));
    await focused(mode);

    await row.getByRole('button', { name: 'Add Link' }).click();
    const input = row.getByRole('textbox', { name: 'Transcription link' });
    await focused(input);
    await page.keyboard.press('Escape');
    await focused(row.getByRole('button', { name: 'Add Link' }));
    await row.getByRole('button', { name: 'Add Link' }).click();
    await input.fill('https://example.org/ferry-interview');
    await page.keyboard.press('Enter');
    await focused(row.getByRole('link', { name: `View the transcription link of ${leia.name}` }));
  });

  it('Add to Activity: opens on its field, Enter after picking adds; a picked activity is asked about before it is dropped', async () => {
    await admin.call('POST', '/experiments', { name: 'Focus week 3' });
    const page = await open();
    const addButton = page
      .getByRole('article', { name: leia.name })
      .getByRole('button', { name: /^Add to Activity / });
    await addButton.click();
    const dialog = page.getByRole('dialog', { name: `Add ${leia.name} LEIA to an Activity` });
    const box = dialog.getByRole('combobox', { name: 'Activity' });
    await focused(box);
    // Nothing chosen: Escape closes at once.
    await page.keyboard.press('Escape');
    await hidden(dialog);

    await addButton.click();
    await focused(box);
    await page.keyboard.type('Focus week 3');
    await visible(dialog.getByRole('option', { name: 'Focus week 3', exact: true }));
    await page.keyboard.press('ArrowDown');
    await poll(() => dialog.getByRole('option', { selected: true }).textContent()).toBe('Focus week 3');
    await page.keyboard.press('Enter');
    await poll(() => box.inputValue()).toBe('Focus week 3');
    await asksBeforeDropping(page, dialog);

    await addButton.click();
    await focused(box);
    await page.keyboard.type('Focus week 3');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await poll(() => box.inputValue()).toBe('Focus week 3');
    await page.keyboard.press('Enter');
    await visible(page.getByText('LEIA added to activity successfully'));
    await hidden(dialog);
    const activities = await admin.call<{ name: string; leias: unknown[] }[]>(
      'GET',
      '/experiments/user/me?populated=true',
    );
    expect(activities.body.find((activity) => activity.name === 'Focus week 3')?.leias).toHaveLength(1);
  });

  it('a refused delete: on Cancel, the activities named', async () => {
    await activityWithLeia('Focus week 4', 'standard');
    const page = await open();
    await page
      .getByRole('article', { name: leia.name })
      .getByRole('button', { name: /^Delete / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete LEIA' });
    await dialog.getByRole('textbox').fill(leia.name);
    await page.keyboard.press('Enter');
    await visible(dialog.getByRole('alert'));
    expect(await dialog.getByRole('alert').textContent()).toMatch(
      /^Cannot delete LEIA: it is being used in \d+ activit(y|ies): .*Focus week 4/,
    );
    await focused(dialog.getByRole('button', { name: 'Cancel' }));
  });

  it('the wizard: part editors open on their first field; Ctrl+Enter on step 3 with a blank name goes to it; Finish lands on the new row', async () => {
    const page = await open();
    await page.goto(`${app.url}/create`);
    await choose(page, LIBRARY);
    await next(page).click();
    await visible(stepHeading(page, 'Edit'));
    await partCard(page, LIBRARY.persona).getByRole('button', { name: 'Edit persona' }).click();
    await focused(editor(page).getByRole('textbox', { name: 'Full Name' }));
    await page.keyboard.press('Escape');
    await hidden(editor(page));
    await partCard(page, LIBRARY.problem).getByRole('button', { name: 'Edit problem' }).click();
    await poll(() => editor(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.press('Escape');
    await hidden(editor(page));

    await next(page).click();
    await visible(stepHeading(page, 'Create your LEIA'));
    const name = page.getByRole('textbox', { name: 'LEIA name' });
    await page.getByRole('heading', { level: 2, name: 'Create your LEIA' }).click();
    await page.keyboard.press('Control+Enter');
    await visible(page.getByText('Name is required'));
    await focused(name);

    await page.keyboard.type('Focus library interview');
    await page.keyboard.press('Control+Enter');
    await onPath(page, '/leias');
    await focused(page.getByRole('article', { name: 'Focus library interview' }));
  });
});

describe('Dialogs that ask before dropping edits in Chromium', () => {
  it('Import Activity: a name typed over is asked about; the offered one is not', async () => {
    const page = await open();
    await page.goto(`${app.url}/users/me/activities`);
    await visible(page.getByRole('button', { name: 'New Activity' }));
    const file = {
      name: 'activity.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({
          format: 'leia-activity',
          version: 1,
          name: 'Focus imported',
          leias: [
            {
              leia: { id: leia.id, name: leia.name, version: leia.version },
              configuration: { mode: 'standard' },
            },
          ],
        }),
      ),
    };
    const dialog = page.getByRole('dialog', { name: 'Import Activity' });
    const name = dialog.getByRole('textbox', { name: 'Activity Name' });
    await page.getByLabel('Activity file to import').setInputFiles(file);
    await poll(() => name.inputValue()).toBe('Focus imported');
    await page.keyboard.press('Escape');
    await hidden(dialog);

    await page.getByLabel('Activity file to import').setInputFiles(file);
    await name.fill('Focus imported again');
    await asksBeforeDropping(page, dialog);
  });

  it("the leak check's settings: a changed setting is asked about on Close", async () => {
    const page = await open();
    await page
      .getByRole('article', { name: leia.name })
      .getByRole('button', { name: /^View / })
      .click();
    const view = page.getByRole('dialog', { name: leia.name });
    await view.getByRole('button', { name: 'Check this design' }).click();
    const check = page.getByRole('dialog', { name: `Leak check: ${leia.name} v${leia.version}` });
    const runs = check.getByRole('spinbutton', { name: 'Interviews per style' });
    await visible(runs);
    await runs.fill('1');
    await check.getByRole('button', { name: 'Close' }).first().click();
    const ask = discardQuestion(page);
    await visible(ask);
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await hidden(ask);
    expect(await runs.inputValue()).toBe('1');
    await runs.fill('2');
    // Back to what it showed: nothing to lose, Escape closes at once.
    await page.keyboard.press('Escape');
    await hidden(check);
    expect(await discardQuestion(page).count()).toBe(0);
  });
});
