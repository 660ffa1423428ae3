import { readFile } from 'node:fs/promises';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { type ApiSession, createUser, signIn } from './support/api';
import {
  type E2EApp,
  goByMenu,
  hasFocus,
  hidden,
  onPath,
  openSession,
  poll,
  type Session,
  startApp,
  visible,
} from './support/session';

/**
 * Issue 10 end to end in Chromium against the built app, the real server and the offline
 * simulator, on the starter catalogue: an admin creates an activity from Search's Add to Activity,
 * adds a second LEIA, sets one to transcription mode, adds a link, auto-generates and saves, edits
 * the JSON (an invalid edit is refused with its message), records a chat and saves it with 'Save
 * Transcription', exports the CSV (the same bytes the API's export answers), publishes and finds
 * every control locked. An instructor gets the Access Denied screen.
 */

const ACTIVITY = 'E2E Week 1';
const TEACHER = { email: 'teacher@e2e.test', password: 'e2e-teacher-pass' };

let app: E2EApp;
let browser: Browser;
let admin: ApiSession;
const sessions: Session[] = [];

beforeAll(async () => {
  app = await startApp('activities', { LEIA_SEED_CATALOGUE: 'true' });
  admin = await signIn(app.url, app.admin.email, app.admin.password);
  await createUser(admin, TEACHER.email, TEACHER.password, 'instructor');
  browser = await launchChromium(chromium);
});

afterAll(async () => {
  for (const session of sessions) await session.context.close();
  await browser?.close();
  await app?.stop();
});

const open = async (account: { email: string; password: string }) => {
  const session = await openSession(browser, app.url, account);
  sessions.push(session);
  return session.page;
};

const toast = (page: Page, text: string | RegExp) =>
  visible(page.locator('[data-sonner-toast]').getByText(text, { exact: true }));
const rowNames = (page: Page) => page.locator('.leia-row__name').allTextContents();

/** Search's Add to Activity on the row of `leia`, choosing (or creating) `activity` by typing. */
async function addToActivity(page: Page, leia: string, activity: string, create: boolean) {
  await page
    .getByRole('article', { name: leia })
    .getByRole('button', { name: /^Add to Activity / })
    .click();
  const modal = page.getByRole('dialog', { name: `Add ${leia} LEIA to an Activity` });
  const box = modal.getByRole('combobox', { name: 'Activity' });
  await visible(box);
  await box.fill(activity);
  const option = modal.getByRole('option', {
    name: create ? `Create activity: "${activity}"` : activity,
    exact: true,
  });
  await option.click();
  if (create) await toast(page, `Activity '${activity}' created`);
  await poll(() => box.inputValue()).toBe(activity);
  await modal.getByRole('button', { name: 'Add to Activity' }).click();
  await toast(page, 'LEIA added to activity successfully');
  await hidden(modal);
}

/** Replaces the JSON editor's text as a user would: select all, then type (paste) the new text. */
async function replaceJson(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Transcription JSON' });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

const locked = async (row: Locator) => {
  for (const name of ['Delete LEIA', 'Add Link', 'Generate', 'Auto Generate', 'JSON Edit']) {
    expect(await row.getByRole('button', { name, exact: true }).count()).toBe(0);
  }
  expect(await row.getByRole('combobox').count()).toBe(0);
};

describe('My Activities in Chromium', () => {
  it('an admin builds an activity, gives a LEIA every kind of transcription, exports and publishes it', async () => {
    const page = await open(app.admin);
    await visible(page.getByRole('feed', { name: 'LEIAs' }));
    const [first, second] = await rowNames(page);
    if (!first || !second) throw new Error('the catalogue should list two LEIAs at least');

    // Search: a new activity from the first LEIA's Add to Activity, then the second LEIA into it.
    await addToActivity(page, first, ACTIVITY, true);
    await addToActivity(page, second, ACTIVITY, false);

    await goByMenu(page, 'My Activities', '/users/me/activities');
    const card = page.getByRole('article', { name: ACTIVITY, exact: true });
    await visible(card.getByText('2 LEIAs'));
    await card.getByRole('button', { name: `Show the LEIAs of ${ACTIVITY}` }).click();
    const row = card.getByRole('region', { name: first });
    await visible(row);

    // Transcription mode.
    await row.getByRole('combobox', { name: `Mode of ${first}` }).selectOption('transcription');
    await visible(row.getByText('No Transcription Available'));
    await visible(
      row.getByText('Important: Any form of transcription update will result in overwriting previous data.'),
    );

    // Add Link: refused until it is a URL, then saved.
    await row.getByRole('button', { name: 'Add Link' }).click();
    const link = row.getByRole('textbox', { name: 'Transcription link' });
    await link.fill('not a url');
    await visible(row.getByText('Please enter a valid URL'));
    expect(await row.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
    await link.fill('  https://example.org/interview  ');
    await row.getByRole('button', { name: 'Add', exact: true }).click();
    await toast(page, 'Transcription link added successfully');
    await visible(row.getByText('External Link'));
    const view = row.getByRole('link', { name: `View the transcription link of ${first}` });
    expect(await view.getAttribute('href')).toBe('https://example.org/interview');
    expect(await view.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await view.getAttribute('target')).toBe('_blank');

    // Auto Generate: the preview, then Save Transcription.
    await row.getByRole('button', { name: 'Auto Generate' }).click();
    const preview = page.getByRole('dialog', { name: 'Transcription Preview' });
    await visible(preview.getByRole('list', { name: 'Generated messages' }), 30_000);
    await preview.getByRole('button', { name: 'Save Transcription' }).click();
    await toast(page, 'Transcription saved successfully');
    await hidden(preview);
    await visible(row.getByText(/^Chat Messages \(\d+ messages\)$/));
    await visible(row.getByText(/auto-generated$/));

    // JSON Edit: an invalid edit is refused with its message; a valid one is saved.
    await row.getByRole('button', { name: 'JSON Edit' }).click();
    const editor = page.getByRole('dialog', { name: 'JSON Editor' });
    await visible(editor.getByRole('textbox', { name: 'Transcription JSON' }));
    await replaceJson(page, '[{"text": "", "timestamp": "2025-03-04T09:00:00Z", "isLeia": false}]');
    await visible(
      editor.getByRole('alert').getByText('Message at index 0, field "text": Message text cannot be empty'),
    );
    expect(await editor.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    await editor.getByRole('tab', { name: 'Preview' }).click();
    expect(await editor.getByRole('tab', { name: 'Editor' }).getAttribute('aria-selected')).toBe('true');
    await replaceJson(
      page,
      JSON.stringify([
        { text: 'Which orders do you take by phone?', timestamp: '2025-03-04T09:00:00Z', isLeia: false },
        { text: 'Only the urgent ones, from our hotels.', timestamp: '2025-03-04T09:00:30Z', isLeia: true },
      ]),
    );
    await hidden(editor.getByRole('alert'));
    await editor.getByRole('tab', { name: 'Preview' }).click();
    await visible(
      editor.getByRole('list', { name: 'Preview' }).getByText('Only the urgent ones, from our hotels.'),
    );
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Transcription updated successfully');
    await visible(row.getByText('Chat Messages (2 messages)'));
    await visible(row.getByText(/edited as JSON$/));

    // Generate: a chat session records it; Save Transcription on the chat screen.
    await row.getByRole('button', { name: 'Generate', exact: true }).click();
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    const save = page.getByRole('button', { name: 'Save Transcription' });
    await visible(save);
    await save.click();
    await toast(page, 'No messages to save as transcription');
    // Toasts come up bottom-right, above the message box: never over Send.
    const sendBox = (await page.getByRole('button', { name: 'Send' }).boundingBox())!;
    const toastBottom = async () => {
      const box = (await page.locator('[data-sonner-toast]').first().boundingBox())!;
      return box.y + box.height;
    };
    // Polled: the toast slides in from below.
    await poll(async () => (await toastBottom()) <= sendBox.y).toBe(true);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('What do you need the new system to do?');
    await box.press('Enter');
    await visible(page.locator('.chat-log__list > li.msg--leia'), 30_000);
    await poll(() => page.locator('.chat-log [role="log"]').getAttribute('aria-busy'), 30_000).toBe('false');
    await save.click();
    await toast(page, 'Transcription added successfully');
    await page.getByRole('button', { name: 'Finish Conversation' }).click();
    await onPath(page, '/users/me/activities');
    const back = page.getByRole('article', { name: ACTIVITY, exact: true });
    // The focus is back on the activity the transcription was recorded for.
    const chevron = back.getByRole('button', { name: `Show the LEIAs of ${ACTIVITY}` });
    await poll(() => hasFocus(chevron)).toBe(true);
    await chevron.click();
    const recorded = back.getByRole('region', { name: first });
    await visible(recorded.getByText(/recorded in a chat$/));
    await visible(recorded.getByText('Chat Messages (2 messages)'));

    // Export the transcriptions: the same bytes the API's CSV export answers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      back.getByRole('button', { name: `Export the transcriptions of ${ACTIVITY} as CSV` }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    const listed = await admin.call<{ id: string; name: string }[]>('GET', '/experiments/user/me');
    const id = listed.body.find((item) => item.name === ACTIVITY)!.id;
    const response = await fetch(`${app.url}/api/v1/experiments/${id}/transcriptions.csv`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv).toBe(await response.text());
    expect(csv.split('\r\n')[0]).toBe('activity,leia,position,speaker,timestamp,text,link');
    expect(csv).toContain('What do you need the new system to do?');

    // Export as JSON, then import it back: its name is taken, so the import dialog offers the next
    // free one ('... (2)'), which the user edits; it is a new activity with the same LEIAs, modes
    // and recorded transcription.
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      back.getByRole('button', { name: `Export ${ACTIVITY} as JSON` }).click(),
    ]);
    const exported = JSON.parse(await readFile((await json.path())!, 'utf8'));
    await page.getByLabel('Activity file to import').setInputFiles({
      name: 'activity.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(exported)),
    });
    const importDialog = page.getByRole('dialog', { name: 'Import Activity' });
    const importName = importDialog.getByRole('textbox', { name: 'Activity Name' });
    await poll(() => importName.inputValue()).toBe(`${ACTIVITY} (2)`);
    const COPY = `${ACTIVITY} (copy)`;
    await importName.fill(COPY);
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await toast(page, `Activity '${COPY}' imported`);
    await hidden(importDialog);
    const copy = page.getByRole('article', { name: COPY });
    await copy.getByRole('button', { name: `Show the LEIAs of ${COPY}` }).click();
    await visible(copy.getByRole('region', { name: first }).getByText('Chat Messages (2 messages)'));

    // Publish: asked first; then every control is gone.
    await back.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByRole('dialog', { name: `Publish ${ACTIVITY}?` })
      .getByRole('button', { name: 'Publish' })
      .click();
    await toast(page, 'Activity published successfully');
    await visible(back.getByText('Published', { exact: true }));
    expect(await back.getByRole('button', { name: 'Publish', exact: true }).count()).toBe(0);
    expect(await back.getByRole('button', { name: 'Delete Activity' }).count()).toBe(0);
    await locked(back.getByRole('region', { name: first }));
    await locked(back.getByRole('region', { name: second }));
    await visible(back.getByRole('region', { name: first }).getByText('transcription', { exact: true }));
  });

  it('an instructor is sent to the Access Denied screen', async () => {
    const page = await open(TEACHER);
    await page.goto(`${app.url}/users/me/activities`);
    await onPath(page, '/forbidden');
    await visible(page.getByText('Error 403 - Forbidden'));
  });
});
