import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { type ApiSession, signIn } from './support/api';
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
import { editor, stepHeading } from './support/wizard';

/**
 * Dialogs that hold typed work, in Chromium against the built app and the starter catalogue:
 * Escape inside a code editor's own popup (completion, search) closes only that popup, and
 * closing a dialog with unsaved edits (Escape, Cancel, Close) asks first, Keep editing being the
 * default. The transcription's JSON Editor and the wizard's part editor.
 */

let app: E2EApp;
let browser: Browser;
let admin: ApiSession;
const sessions: Session[] = [];

beforeAll(async () => {
  app = await startApp('dialogs', { LEIA_SEED_CATALOGUE: 'true' });
  admin = await signIn(app.url, app.admin.email, app.admin.password);
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

const discardQuestion = (page: Page) => page.getByRole('dialog', { name: 'Discard your changes?' });
const completion = (page: Page) => page.locator('.cm-tooltip-autocomplete');

/** Escape asks; Keep editing (focused, so Enter) keeps the dialog and the focus where it was. */
async function escapeAsksAndKeeps(page: Page, dialog: Locator, focused: Locator) {
  await page.keyboard.press('Escape');
  const ask = discardQuestion(page);
  await visible(ask);
  await poll(() => hasFocus(ask.getByRole('button', { name: 'Keep editing' }))).toBe(true);
  await page.keyboard.press('Enter');
  await hidden(ask);
  await visible(dialog);
  await poll(() => hasFocus(focused)).toBe(true);
}

describe('Dialogs with unsaved edits in Chromium', () => {
  it('the JSON Editor: Escape closes the completion list only, and closing asks before the typed messages go', async () => {
    const leias = await admin.call<{ id: string; metadata: { name: string } }[]>('GET', '/leias');
    const leia = leias.body[0]!;
    const created = await admin.call<{ id: string }>('POST', '/experiments', { name: 'Dialogs week' });
    const added = await admin.call<{ id: string }>('POST', `/experiments/${created.body.id}/leias`, {
      leia: leia.id,
    });
    await admin.call('PUT', `/experiments/${created.body.id}/leias/${added.body.id}`, {
      leia: leia.id,
      configuration: { mode: 'transcription' },
    });

    const page = await open();
    await page.goto(`${app.url}/users/me/activities`);
    const card = page.getByRole('article', { name: 'Dialogs week' });
    await card.getByRole('button', { name: 'Show the LEIAs of Dialogs week' }).click();
    await card
      .getByRole('region', { name: leia.metadata.name })
      .getByRole('button', { name: 'JSON Edit' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'JSON Editor' });
    const code = dialog.getByRole('textbox', { name: 'Transcription JSON' });
    await code.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('[\n  {"text": "Hello there", ');
    // A property name's quote opens the schema's completion list (Ctrl+Space asks for it outright,
    // should typing's own trigger come late on a busy machine).
    await page.keyboard.type('"');
    await page.keyboard.press('Control+Space');
    await visible(completion(page));
    await page.keyboard.press('Escape');
    await hidden(completion(page));
    await visible(dialog);
    expect(await discardQuestion(page).count()).toBe(0);
    expect(await code.textContent()).toContain('Hello there');

    // The search panel closes on Escape, and only it.
    await page.keyboard.press('Control+f');
    const search = dialog.getByRole('textbox', { name: 'Find' });
    await visible(search);
    await page.keyboard.press('Escape');
    await hidden(search);
    await visible(dialog);
    expect(await discardQuestion(page).count()).toBe(0);

    await escapeAsksAndKeeps(page, dialog, code);
    expect(await code.textContent()).toContain('Hello there');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await discardQuestion(page).getByRole('button', { name: 'Discard changes' }).click();
    await hidden(dialog);
    // Nothing was saved.
    await card
      .getByRole('region', { name: leia.metadata.name })
      .getByRole('button', { name: 'JSON Edit' })
      .click();
    await poll(() => code.textContent()).toBe('[]');
    // Unchanged: Escape closes at once.
    await code.click();
    await page.keyboard.press('Escape');
    await hidden(dialog);
  });

  it("the wizard's Edit Persona asks before an edit is dropped, and not when nothing changed", async () => {
    const page = await open();
    await page
      .getByRole('button', { name: /^Design from this / })
      .first()
      .click();
    await onPath(page, '/create');
    await visible(stepHeading(page, 'Edit'));

    await page.getByRole('button', { name: 'Edit persona' }).click();
    await visible(editor(page));
    await page.keyboard.press('Escape');
    await hidden(editor(page));

    await page.getByRole('button', { name: 'Edit persona' }).click();
    const firstName = editor(page).getByRole('textbox', { name: 'First Name' });
    await firstName.fill('Renamed');
    await escapeAsksAndKeeps(page, editor(page), firstName);
    expect(await firstName.inputValue()).toBe('Renamed');

    // The code view: its completion list closes alone too.
    await editor(page).getByRole('tab', { name: 'Code Editor' }).click();
    const code = editor(page).getByRole('textbox', { name: /spec \(JSON\)/ });
    await code.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('{\n  "fullName": "Ada Lovelace",\n  ');
    // The schema's field names are offered.
    await page.keyboard.type('"');
    await page.keyboard.press('Control+Space');
    await visible(completion(page).getByText('firstName'));
    await page.keyboard.press('Escape');
    await hidden(completion(page));
    expect(await discardQuestion(page).count()).toBe(0);

    await editor(page).getByRole('button', { name: 'Close' }).click();
    await discardQuestion(page).getByRole('button', { name: 'Discard changes' }).click();
    await hidden(editor(page));
    expect(await page.getByText('(edited)').count()).toBe(0);
  });
  it("the persona's code editor: an unknown field is a warning naming the known ones, broken JSON says where and what, typing logs no errors, strings are readable in dark mode", async () => {
    const page = await open();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page
      .getByRole('button', { name: /^Design from this / })
      .first()
      .click();
    await onPath(page, '/create');
    await page.getByRole('button', { name: 'Edit persona' }).click();
    await editor(page).getByRole('tab', { name: 'Code Editor' }).click();
    const code = editor(page).getByRole('textbox', { name: /spec \(JSON\)/ });
    await code.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('{\n  "fullName": "Ada Lovelace",\n  ');
    // Typed key by key, as a user does: half-typed JSON all along.
    await page.keyboard.type('"favouriteColour": "blue"', { delay: 20 });
    // Inserted, not typed: an open completion list takes no Enter from it.
    await page.keyboard.insertText('\n}');
    const warning = editor(page).locator('.cm-lintRange-warning');
    await visible(warning, 15_000);
    expect(await warning.textContent()).toBe('"favouriteColour"');
    await warning.hover();
    await visible(
      page
        .locator('.cm-tooltip-lint')
        .getByText(/^Unknown field "favouriteColour": the known fields are fullName, firstName/),
    );
    // A warning: the spec can still be saved.
    await poll(() => editor(page).getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
    expect(errors.filter((text) => text.includes('parsed json'))).toEqual([]);

    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('{\n  "fullName": "Ada"\n  "firstName": "Ada"\n}');
    await visible(
      editor(page).getByText(
        'Invalid JSON format (line 3, column 3: a comma is expected before the next item)',
      ),
    );

    // Dark mode: a string token against the editor's background, at least 4.5:1.
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('{\n  "fullName": "Ada Lovelace"\n}');
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'dark';
    });
    const ratio = await code.evaluate((content) => {
      const token = Array.from(content.querySelectorAll('span')).find(
        (span) => span.textContent === '"Ada Lovelace"',
      );
      if (!token) throw new Error('no string token');
      const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = ([r, g, b]: number[]) => {
        const [R, G, B] = [r!, g!, b!].map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
      };
      let surface: Element | null = content;
      let background = 'rgba(0, 0, 0, 0)';
      while (surface && /rgba\(.*, 0\)|transparent/.test(background)) {
        background = getComputedStyle(surface).backgroundColor;
        surface = surface.parentElement;
      }
      const [light, dark] = [luminance(rgb(getComputedStyle(token).color)), luminance(rgb(background))].sort(
        (a, b) => b - a,
      );
      return (light! + 0.05) / (dark! + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
});
