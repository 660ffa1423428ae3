import { type Browser, chromium, type Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { type ApiSession, createUser, signIn } from './support/api';
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
import {
  cardOf,
  choose,
  editor,
  next,
  partCard,
  preview,
  previewOf,
  replaceCode,
  stepHeading,
  tabUntil,
} from './support/wizard';

/**
 * Issue 9, the design wizard end to end in Chromium against the built app, the real server and
 * the starter catalogue: an admin's whole design (visual and code edits, Try and back, naming,
 * publishing, then Search), an instructor's (no behaviour content reaches the page), a broken
 * constraint, the name checks, the keyboard alone, a reload in the middle of step 2, closing the tab, and 'Design from this' over a design in progress.
 */

let app: E2EApp;
let browser: Browser;
let admin: ApiSession;
const sessions: Session[] = [];
const TEACHER = { email: 'wizard-teacher@e2e.test', password: 'wizard-teacher-1' };

beforeAll(async () => {
  app = await startApp('wizard', { LEIA_SEED_CATALOGUE: 'true' });
  admin = await signIn(app.url, app.admin.email, app.admin.password);
  await createUser(admin, TEACHER.email, TEACHER.password, 'instructor');
  browser = await launchChromium(chromium);
});

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.context.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const open = async (account = app.admin): Promise<Page> => {
  const session = await openSession(browser, app.url, account);
  sessions.push(session);
  await session.page.goto(`${app.url}/create`);
  await visible(session.page.getByRole('heading', { level: 2, name: 'Select Components' }));
  return session.page;
};

const LIBRARY = {
  behaviour: 'Requirements interviewee',
  problem: 'Library room booking',
  persona: 'Aisha Okafor',
};
const CONSTRAINED_LIBRARY = JSON.stringify({
  description: 'Riverside library wants {{persona.firstName}} to explain room booking',
  process: ['requirements-elicitation'],
  constrainedTo: { 'behaviour.spec.process': ['requirements-elicitation'] },
});

describe('Design wizard in Chromium', () => {
  it('1. an admin designs from catalogue parts, edits, tries, comes back, names, publishes and finds it in Search', async () => {
    const page = await open();
    await choose(page, LIBRARY);
    await visible(page.getByText('All elements selected'));
    await next(page).click();
    await visible(stepHeading(page, 'Edit'));
    expect(await previewOf(page, 'Problem')).toContain('Aisha has been head librarian');
    // An admin sees the behaviour's content (an instructor never does: test 2).
    await visible(
      partCard(page, 'Requirements interviewee').getByText(/being interviewed by a requirements analyst/),
    );

    // The persona in the visual editor; the preview follows.
    await partCard(page, 'Aisha Okafor').getByRole('button', { name: 'Edit persona' }).click();
    await editor(page).getByRole('textbox', { name: 'First Name' }).fill('Ayesha');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await hidden(editor(page));
    await visible(partCard(page, 'Aisha Okafor').getByText('(edited)'));
    await poll(() => previewOf(page, 'Problem')).toContain('Ayesha has been head librarian');

    // The problem in the code editor: an invalid edit is refused with its message.
    await partCard(page, 'Library room booking').getByRole('button', { name: 'Edit problem' }).click();
    await editor(page).getByRole('tab', { name: 'Code Editor' }).click();
    await replaceCode(page, '{"description": "Riverside library",');
    await visible(
      editor(page).getByText(
        'Invalid JSON format (line 1, column 37: a field name in double quotes is expected)',
        {
          exact: true,
        },
      ),
    );
    expect(await editor(page).getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.keyboard.press('Control+Enter');
    await visible(editor(page).getByText('Cannot save: Invalid JSON format'));
    await replaceCode(page, CONSTRAINED_LIBRARY);
    await poll(() => editor(page).getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await hidden(editor(page));
    await visible(partCard(page, 'Library room booking').getByText('(edited)'));
    await poll(() => previewOf(page, 'Problem')).toContain(
      'Riverside library wants Ayesha to explain room booking',
    );

    // Try, then back with everything intact.
    await preview(page).getByRole('button', { name: 'Try' }).click();
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    await visible(page.getByRole('heading', { name: 'Chat' }));
    await page.getByRole('button', { name: 'Finish Conversation' }).click();
    await onPath(page, '/create');
    await visible(stepHeading(page, 'Edit'));
    // The focus comes back to Try, where the chat was opened from (issue 11.3).
    await poll(() => hasFocus(preview(page).getByRole('button', { name: 'Try' }))).toBe(true);
    await visible(partCard(page, 'Aisha Okafor').getByText('(edited)'));
    await visible(partCard(page, 'Library room booking').getByText('(edited)'));
    await poll(() => previewOf(page, 'Problem')).toContain('Riverside library wants Ayesha');

    // Names, public LEIA (the forced parts are listed), Finish.
    await next(page).click();
    await visible(stepHeading(page, 'Create your LEIA'));
    await page.getByRole('textbox', { name: 'LEIA name' }).fill('E2E Night library');
    await page.getByRole('textbox', { name: 'Persona name' }).fill('E2E Ayesha');
    await page.getByRole('textbox', { name: 'Problem name' }).fill('E2E Riverside booking');
    await page.getByRole('checkbox', { name: 'Public LEIA' }).check();
    await visible(page.getByText('Publishing the LEIA also makes these parts public:'));
    await visible(page.getByText('Persona: the new part edited from "Aisha Okafor"'));
    await visible(page.getByText('Problem: the new part edited from "Library room booking"'));
    expect(await page.getByRole('checkbox', { name: 'Public persona' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Finish' }).click();
    await onPath(page, '/leias');
    await visible(page.getByText('LEIA "E2E Night library" created'));

    await page.goto(`${app.url}/`);
    await page.getByRole('searchbox', { name: 'Search LEIAs' }).fill('E2E Night library');
    const row = page.getByRole('feed', { name: 'LEIAs' }).getByRole('article', { name: 'E2E Night library' });
    await visible(row.getByText('Published', { exact: true }));
    const parts = await admin.call<{ metadata: { name: string }; isPublished: boolean }[]>(
      'GET',
      '/personas',
    );
    expect(parts.body.find((p) => p.metadata.name === 'E2E Ayesha')?.isPublished).toBe(true);
  });

  it('2. an instructor designs with two columns and the compact picker; no behaviour description reaches the page', async () => {
    const secrets = [
      'you are being interviewed by a requirements analyst',
      'you are hosting a guessing game',
      'practising process modelling',
    ];
    const bodies: Promise<string>[] = [];
    const session = await openSession(browser, app.url, TEACHER, async (page) => {
      page.on('response', (response) => {
        if (response.url().includes('/api/')) bodies.push(response.text().catch(() => ''));
      });
    });
    sessions.push(session);
    const { page } = session;
    const pages: string[] = [];
    await page.goto(`${app.url}/create`);
    await visible(stepHeading(page, 'Select Components'));
    pages.push(await page.content());
    expect(await page.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Behaviour',
      'Problems',
      'Personas',
    ]);
    await page.getByRole('combobox', { name: 'Choose a behaviour' }).selectOption({
      label:
        'Requirements interviewee v1.0.0 · Stakeholder interviewed to elicit requirements · Req. Elicitation',
    });
    await cardOf(page, 'Library room booking').click();
    await cardOf(page, 'Hiroshi Tanaka').click();
    await next(page).click();
    await visible(stepHeading(page, 'Edit'));
    // The behaviour card's only action is History (issue 13): its versions as metadata only.
    const behaviourCard = partCard(page, 'Requirements interviewee');
    expect(await behaviourCard.getByRole('button').evaluateAll((all) => all.map((b) => b.ariaLabel))).toEqual(
      ['History of behaviour'],
    );
    await behaviourCard.getByRole('button', { name: 'History of behaviour' }).click();
    const history = page.getByRole('dialog', { name: 'History of Requirements interviewee' });
    await visible(history.getByRole('listitem', { name: 'v1.0.0' }));
    await visible(history.getByText("A behaviour's content is hidden from instructors"));
    expect(await history.getByRole('checkbox').count()).toBe(0);
    expect(await history.getByRole('button', { name: /^Restore/ }).count()).toBe(0);
    pages.push(await page.content());
    await page.keyboard.press('Escape');
    await hidden(history);
    expect(await preview(page).getByRole('tab', { name: 'Behaviour' }).count()).toBe(0);
    await previewOf(page, 'LEIA');
    pages.push(await page.content());
    await next(page).click();
    await visible(stepHeading(page, 'Create your LEIA'));
    pages.push(await page.content());
    await page.getByRole('textbox', { name: 'LEIA name' }).fill('E2E Teacher library');
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await page.getByRole('button', { name: 'Finish' }).click();
    await onPath(page, '/leias');
    await visible(page.getByRole('article', { name: 'E2E Teacher library' }));

    const text = [...pages, ...(await Promise.all(bodies))].join('\n');
    for (const phrase of secrets) expect(text).not.toContain(phrase);
    expect(bodies.length).toBeGreaterThan(5);
  });

  it('3. a problem constrained to requirements elicitation with a game behaviour cannot be generated', async () => {
    const page = await open();
    await choose(page, { ...LIBRARY, behaviour: 'Guessing game host' });
    await next(page).click();
    const error = page.getByRole('alert').filter({ hasText: 'LEIA Generation Error' });
    await visible(error);
    expect(await error.textContent()).toContain(
      'Constraint not met: behaviour.spec.process. No compatible processes found.',
    );
    expect(await next(page).isDisabled()).toBe(true);
    expect(await preview(page).getByRole('button', { name: 'Try' }).isDisabled()).toBe(true);
  });

  it("4. a taken name blocks Finish with 'Name already exists'; a blank one with 'Name is required'", async () => {
    const page = await open();
    await choose(page, LIBRARY);
    await next(page).click();
    await next(page).click();
    const name = page.getByRole('textbox', { name: 'LEIA name' });
    await name.fill('Library room booking interview');
    await visible(page.getByText('Name already exists'));
    await page.getByRole('button', { name: 'Finish' }).click();
    await visible(stepHeading(page, 'Create your LEIA'));
    expect(await page.getByText('Name already exists').count()).toBe(1);
    await name.fill('');
    await page.getByRole('button', { name: 'Finish' }).click();
    await visible(page.getByText('Name is required'));
    expect(await page.getByRole('button', { name: 'Finish' }).isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/create');
  });

  it('5. the whole wizard from the keyboard alone: palette, arrows, Enter, Ctrl+Enter', async () => {
    const page = await open();
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const selected = () =>
      palette.getByRole('option', { selected: true }).locator('.palette__title').textContent();
    // The behaviour from the palette.
    await page.keyboard.press('Control+k');
    await visible(palette);
    await page.keyboard.type('select behaviour');
    await poll(selected).toBe('Select behaviour...');
    await page.keyboard.press('Enter');
    await page.keyboard.type('requirements');
    await poll(selected).toBe('Requirements interviewee');
    await page.keyboard.press('Enter');
    await hidden(palette);
    // The problem and the persona from their lists: Tab to the search box, Down, arrows, Enter.
    const problems = page.getByRole('searchbox', { name: 'Search problems' });
    await tabUntil(page, problems);
    await page.keyboard.type('library room');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await poll(() => cardOf(page, 'Library room booking').getAttribute('aria-pressed')).toBe('true');
    await tabUntil(page, page.getByRole('searchbox', { name: 'Search personas' }));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press(' ');
    await poll(() => cardOf(page, 'Carlos Mendoza').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Control+Enter');
    await visible(stepHeading(page, 'Edit'));
    await page.keyboard.press('Control+Enter');
    await visible(stepHeading(page, 'Create your LEIA'));
    await tabUntil(page, page.getByRole('textbox', { name: 'LEIA name' }));
    await page.keyboard.type('E2E Keyboard library');
    await page.keyboard.press('Control+Enter');
    await onPath(page, '/leias');
    await visible(page.getByRole('article', { name: 'E2E Keyboard library' }));
  });

  it('6. a reload in the middle of step 2 keeps the edits', async () => {
    const page = await open();
    await choose(page, LIBRARY);
    await next(page).click();
    await partCard(page, 'Aisha Okafor').getByRole('button', { name: 'Edit persona' }).click();
    await editor(page).getByRole('textbox', { name: 'Full Name' }).fill('Aisha Okafor-Reid');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await visible(partCard(page, 'Aisha Okafor').getByText('(edited)'));
    // With unsaved edits the browser asks first (beforeunload); reloading keeps them all the same.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await visible(stepHeading(page, 'Edit'));
    await visible(partCard(page, 'Aisha Okafor').getByText('(edited)'));
    await poll(() => previewOf(page, 'Persona')).toContain('Aisha Okafor-Reid');
    await partCard(page, 'Aisha Okafor').getByRole('button', { name: 'Reset persona' }).click();
    await poll(() => previewOf(page, 'Persona')).not.toContain('Okafor-Reid');
  });

  it('7. closing the tab asks first only while there are unsaved edits (session storage dies with the tab)', async () => {
    const page = await open();
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await choose(page, LIBRARY);
    await next(page).click();
    await partCard(page, 'Aisha Okafor').getByRole('button', { name: 'Edit persona' }).click();
    await editor(page).getByRole('textbox', { name: 'Full Name' }).fill('Aisha Okafor-Reid');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await visible(partCard(page, 'Aisha Okafor').getByText('(edited)'));
    await page.close({ runBeforeUnload: true });
    await poll(() => [...asked]).toEqual(['beforeunload']);
    // Dismissed: the tab stays, with the design.
    expect(page.isClosed()).toBe(false);
    await partCard(page, 'Aisha Okafor').getByRole('button', { name: 'Reset persona' }).click();
    await hidden(partCard(page, 'Aisha Okafor').getByText('(edited)'));
    await page.close({ runBeforeUnload: true });
    await poll(() => page.isClosed()).toBe(true);
    expect(asked).toEqual(['beforeunload']);
  });

  it("8. 'Design from this' over a design with unsaved edits asks first; Escape keeps the design in progress", async () => {
    const page = await open();
    page.on('dialog', (dialog) => void dialog.accept());
    await choose(page, LIBRARY);
    await next(page).click();
    await partCard(page, 'Aisha Okafor').getByRole('button', { name: 'Edit persona' }).click();
    await editor(page).getByRole('textbox', { name: 'Full Name' }).fill('Aisha Okafor-Reid');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await visible(partCard(page, 'Aisha Okafor').getByText('(edited)'));
    // To Search (the browser's beforeunload question is accepted), then 'Design from this'.
    await page.goto(app.url);
    const leia = 'Library room booking interview';
    await page.getByRole('searchbox', { name: 'Search LEIAs' }).fill(leia);
    const row = page.getByRole('feed', { name: 'LEIAs' }).getByRole('article', { name: leia });
    await row.getByRole('button', { name: `Design from this ${leia} v1.0.0` }).click();
    await onPath(page, '/create');
    const ask = page.getByRole('dialog', { name: 'Replace the design in progress?' });
    await visible(ask);
    await poll(() => hasFocus(ask.getByRole('button', { name: 'Keep my design' }))).toBe(true);
    await page.keyboard.press('Escape');
    await hidden(ask);
    await visible(stepHeading(page, 'Edit'));
    await visible(partCard(page, 'Aisha Okafor').getByText('(edited)'));
    await poll(() => previewOf(page, 'Persona')).toContain('Aisha Okafor-Reid');
  });
});
