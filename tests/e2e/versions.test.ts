import { type Browser, chromium, type Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { type ApiSession, signIn } from './support/api';
import {
  type E2EApp,
  hidden,
  onPath,
  openSession,
  poll,
  type Session,
  startApp,
  visible,
} from './support/session';
import { editor, next, partCard, stepHeading } from './support/wizard';

/**
 * Issue 13, versions end to end in Chromium against the built app, the real server and the starter
 * catalogue: an admin designs from a catalogue LEIA, edits its problem, saves the problem as v1.1.0
 * with a note and the LEIA as a new version, opens History, compares 1.0.0 with 1.1.0 and sees the
 * changed lines, restores 1.0.0 as 1.2.0, and sees 'Derived from' on the new LEIA.
 */

let app: E2EApp;
let browser: Browser;
let admin: ApiSession;
const sessions: Session[] = [];

beforeAll(async () => {
  app = await startApp('versions', { LEIA_SEED_CATALOGUE: 'true' });
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

const LEIA = 'Library room booking interview';
const PROBLEM = 'Library room booking';
const NEW_DETAILS = 'The library now has six study rooms and one community hall that seats 80.';

const open = async (): Promise<Page> => {
  const session = await openSession(browser, app.url, app.admin);
  sessions.push(session);
  return session.page;
};

const saveAs = (page: Page, legend: string) => page.getByRole('group', { name: legend, exact: true });

describe('Versions in Chromium', () => {
  it('an admin saves new versions from the wizard, compares them in History, restores one, and sees where it came from', async () => {
    const page = await open();
    await page.getByRole('searchbox', { name: 'Search LEIAs' }).fill(LEIA);
    const row = page.getByRole('feed', { name: 'LEIAs' }).getByRole('article', { name: LEIA });
    await row.getByRole('button', { name: `Design from this ${LEIA} v1.0.0` }).click();
    await onPath(page, '/create');
    await visible(stepHeading(page, 'Edit'));

    // Edit the problem's details in the visual editor.
    await partCard(page, PROBLEM).getByRole('button', { name: 'Edit problem' }).click();
    await editor(page).getByRole('textbox', { name: 'Details' }).fill(NEW_DETAILS);
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await hidden(editor(page));
    await visible(partCard(page, PROBLEM).getByText('(edited)'));

    // Step 3: the problem as v1.1.0 with a note, the LEIA as a new version (minor: 1.1.0).
    await next(page).click();
    await visible(stepHeading(page, 'Create your LEIA'));
    await saveAs(page, 'Problem')
      .getByRole('radio', { name: `New version of ${PROBLEM}` })
      .check();
    await visible(saveAs(page, 'Problem').getByRole('radio', { name: 'Minor (1.1.0)', checked: true }));
    await saveAs(page, 'Problem')
      .getByRole('textbox', { name: 'Problem change note (optional)' })
      .fill('Six study rooms and a bigger hall');
    await saveAs(page, 'LEIA')
      .getByRole('radio', { name: `New version of ${LEIA}` })
      .check();
    await visible(saveAs(page, 'LEIA').getByRole('radio', { name: 'Minor (1.1.0)', checked: true }));
    expect(await page.getByRole('textbox', { name: 'LEIA name' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Finish' }).click();
    await onPath(page, '/leias');
    await visible(page.getByText(`LEIA "${LEIA}" created`));

    // The problem was stored as 1.1.0 with its note, edited from the catalogue's 1.0.0.
    const problems = await admin.call<{ id: string; metadata: { name: string; version: string } }[]>(
      'GET',
      '/problems',
    );
    const problem110 = problems.body.find(
      (p) => p.metadata.name === PROBLEM && p.metadata.version === '1.1.0',
    );
    expect(problem110).toBeDefined();
    const problemVersions = await admin.call<{ version: string; note?: string }[]>(
      'GET',
      `/problems/${problem110!.id}/versions`,
    );
    expect(problemVersions.body.map(({ version, note }) => [version, note])).toEqual([
      ['1.1.0', 'Six study rooms and a bigger hall'],
      ['1.0.0', undefined],
    ]);

    // My LEIAs: the new version, derived from the catalogue's.
    const mine = page.getByRole('feed', { name: 'LEIAs' }).getByRole('article', { name: LEIA });
    await mine.getByRole('button', { name: `View ${LEIA} v1.1.0` }).click();
    const view = page.getByRole('dialog', { name: LEIA });
    await visible(view.getByRole('button', { name: `Derived from ${LEIA} v1.0.0` }));

    // History: compare 1.0.0 with 1.1.0, the changed lines side by side.
    await view.getByRole('tab', { name: 'History' }).click();
    const versions = view.getByRole('list', { name: `Versions of ${LEIA}` });
    await visible(versions);
    expect(
      await versions.getByRole('listitem').evaluateAll((items) => items.map((li) => li.ariaLabel)),
    ).toEqual(['v1.1.0', 'v1.0.0']);
    await view.getByRole('checkbox', { name: 'Compare v1.0.0' }).check();
    await view.getByRole('checkbox', { name: 'Compare v1.1.0' }).check();
    const compare = view.getByRole('region', { name: 'Compare v1.0.0 with v1.1.0' });
    await visible(compare);
    // One line: the problem's details and version.
    const summary = await compare.getByRole('status').textContent();
    expect(summary).toMatch(
      /^Changes: Changed .*spec\.problem\.metadata\.version, spec\.problem\.spec\.details/,
    );
    expect(summary).not.toContain('persona');
    // The parts' own specs are compared: the behaviour's prompt, generated from the problem, is not a change.
    expect(summary).not.toContain('behaviour');
    const after = compare.getByRole('textbox', { name: 'v1.1.0' });
    const before = compare.getByRole('textbox', { name: 'v1.0.0' });
    await visible(after.locator('.cm-changedLine', { hasText: 'six study rooms' }));
    await visible(before.locator('.cm-changedLine', { hasText: 'The library has four study rooms' }));
    // The folded unchanged lines are marked with middle dots, which every font has.
    const folded = compare.locator('.cm-collapsedLines').first();
    await visible(folded);
    expect(await folded.textContent()).toMatch(/^\d+ unchanged lines$/);
    expect(await folded.evaluate((element) => getComputedStyle(element, '::before').content)).toBe('"···"');

    // Restore 1.0.0: a new version 1.2.0 (minor by default), nothing overwritten.
    await view.getByRole('button', { name: 'Restore v1.0.0' }).click();
    await visible(view.getByRole('radio', { name: 'Minor (1.2.0)', checked: true }));
    await view.getByRole('button', { name: 'Restore', exact: true }).click();
    await visible(view.getByText('Restored v1.0.0 as v1.2.0'));
    // The focus goes with the question to its result, never to the page.
    await poll(() =>
      view
        .getByRole('status')
        .filter({ hasText: 'Restored v1.0.0 as v1.2.0' })
        .evaluate((element) => element.contains(document.activeElement)),
    ).toBe(true);
    await poll(() => versions.getByRole('listitem').count()).toBe(3);
    await visible(versions.getByRole('listitem', { name: 'v1.2.0' }).getByText('Restored from v1.0.0'));

    // The new LEIA says where it came from.
    await view.getByRole('button', { name: 'Open v1.2.0' }).click();
    await visible(view.getByText('v1.2.0', { exact: true }));
    await visible(view.getByRole('button', { name: `Derived from ${LEIA} v1.0.0` }));
  });
});
