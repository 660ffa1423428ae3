import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { type E2EApp, hidden, openSession, poll, type Session, startApp, visible } from './support/session';
import { choose, editor, next, partCard, stepHeading } from './support/wizard';

/**
 * Issue 14's screens end to end in Chromium, against the built app, the real server and the
 * offline simulator, on the starter catalogue: a chat, then Evaluate (the coverage, and the chart
 * drawn on its canvas in the theme's accent colour, light then dark); then a leak check of two
 * interviews from the View modal, its progress bar moving with the job's events, and its result;
 * and a leak check of the wizard's design, not saved yet, with an edit.
 */

const LEIA = 'Library room booking interview';
/** The accent token (tokens.css) in each theme: what the coverage line is drawn with. */
const ACCENT = { light: [91, 91, 214], dark: [110, 106, 222] } as const;

let app: E2EApp;
let browser: Browser;
const sessions: Session[] = [];

beforeAll(async () => {
  app = await startApp('evaluation', {
    LEIA_SEED_CATALOGUE: 'true',
    LEIA_LLM_PROVIDER: '',
    LEIA_LLM_BASE_URL: '',
    LEIA_LLM_MODEL: '',
  });
  browser = await launchChromium(chromium);
});

afterAll(async () => {
  for (const session of sessions) await session.context.close();
  await browser?.close();
  await app?.stop();
});

const signedIn = async () => {
  const session = await openSession(browser, app.url, app.admin);
  sessions.push(session);
  return session.page;
};

/** Search narrowed to the LEIA, so its row is the only one. */
async function findLeia(page: Page) {
  await page.getByRole('searchbox', { name: /search/i }).fill(LEIA);
  const row = page.getByRole('article', { name: LEIA });
  await visible(row);
  return row;
}

/** Pixels of the chart's canvas drawn in (nearly) this colour. */
const pixelsIn = (canvas: Locator, rgb: readonly number[]) =>
  canvas.evaluate((element, [r, g, b]) => {
    const canvas = element as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const near = Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) <= 12;
      if (near && data[i + 3]! > 200) count++;
    }
    return count;
  }, rgb);

describe('Evaluate a chat', () => {
  it('chat with the simulator, Evaluate: the coverage, the chart and the elements', async () => {
    const page = await signedIn();
    const row = await findLeia(page);
    await row.getByRole('button', { name: /^Try / }).click();
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    const box = page.getByRole('textbox', { name: 'Message' });
    await visible(box);
    const evaluate = page.getByRole('button', { name: 'Evaluate', exact: true });
    // Nothing to evaluate before the LEIA has said anything.
    expect(await evaluate.isDisabled()).toBe(true);

    const questions = [
      'Hello, who are you and what do you need?',
      'What should the system do?',
      'What information do you keep about the rooms and the bookings?',
    ];
    for (const [index, question] of questions.entries()) {
      await box.fill(question);
      await box.press('Enter');
      await poll(() => page.locator('.chat-log__list > li.msg--leia').count()).toBeGreaterThan(index);
      // Evaluate waits while a reply streams: enabled again, the reply is whole.
      await poll(() => evaluate.isEnabled()).toBe(true);
    }
    await evaluate.click();

    const report = page.getByRole('dialog', { name: 'Elicitation report' });
    await visible(report.getByRole('region', { name: 'Coverage' }));
    const figure = report.getByRole('figure', { name: 'Solution revealed by turn' });
    const summary = (await figure.locator('figcaption').textContent()) ?? '';
    const [, revealed, total] = summary.match(/^(\d+) of (\d+) elements revealed/) ?? [];
    expect(Number(total)).toBeGreaterThan(0);
    expect(Number(revealed)).toBeGreaterThan(0);
    expect(summary).toContain('in 3 replies of the LEIA');
    expect(await report.getByText(/^Offline matching: /).count()).toBe(1);
    const elements = report.getByRole('table', { name: 'Solution elements' }).getByRole('row');
    expect(await elements.count()).toBe(Number(total) + 1);

    // The chart: a canvas of the lazily loaded uPlot chunk, the line in the light accent.
    const canvas = figure.locator('.coverage-chart__canvas canvas');
    await visible(canvas);
    expect(await canvas.evaluate((element) => (element as HTMLCanvasElement).width)).toBeGreaterThan(200);
    await poll(() => pixelsIn(canvas, ACCENT.light)).toBeGreaterThan(20);
    // Its text alternative, a table of the same figures, one row per turn from 0.
    await figure.getByText('Show the figures as a table').click();
    expect(await figure.getByRole('table').getByRole('row').count()).toBe(1 + 4);

    // Dark theme (from the palette), then E evaluates again: the same line in the dark accent.
    await page.keyboard.press('Escape');
    await hidden(report);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('combobox');
    await visible(palette);
    await palette.fill('Switch to dark theme');
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await hidden(page.getByRole('dialog', { name: 'Command palette' }));
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('e');
    const darkCanvas = page
      .getByRole('dialog', { name: 'Elicitation report' })
      .locator('.coverage-chart__canvas canvas');
    await visible(darkCanvas);
    await poll(() => pixelsIn(darkCanvas, ACCENT.dark)).toBeGreaterThan(20);
    expect(await pixelsIn(darkCanvas, ACCENT.light)).toBe(0);
  });
});

describe('Check a design', () => {
  it('a leak check of two interviews from the View modal: the progress bar moves, then the result', async () => {
    const page = await signedIn();
    const row = await findLeia(page);
    await row.getByRole('button', { name: /^View / }).click();
    const view = page.getByRole('dialog', { name: LEIA });
    await view.getByRole('button', { name: 'Check this design' }).click();
    const check = page.getByRole('dialog', { name: `Leak check: ${LEIA} v1.0.0` });
    await visible(check.getByRole('group', { name: 'Simulated students' }));

    // Two interviews: one naive, one systematic, of up to 40 questions each.
    await check.getByRole('checkbox', { name: /^Pushy/ }).uncheck();
    await check.getByRole('spinbutton', { name: 'Interviews per style' }).fill('1');
    await check.getByRole('spinbutton', { name: 'Questions per interview, at most' }).fill('40');
    await visible(check.getByText('2 interviews in all.'));

    // Every value the bar shows, recorded in the page as it changes.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('progress');
        const value = bar?.getAttribute('value');
        if (value != null && seen.at(-1) !== value) seen.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await check.getByRole('button', { name: 'Start check' }).click();

    const verdict = check.getByRole('region', { name: 'Verdict' });
    await visible(verdict, 30_000);
    const progress = (
      await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress)
    ).map(Number);
    expect(progress[0]).toBe(0);
    expect(progress.some((value) => value > 0 && value < 80)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const line = (await verdict.locator('.badge').textContent()) ?? '';
    expect(['Reveals too early', 'Reveals to good questions', 'Reveals too little']).toContain(line);
    const figures = await verdict.getByRole('listitem').allTextContents();
    expect(figures.some((figure) => figure.startsWith('naive: '))).toBe(true);
    expect(figures.some((figure) => figure.startsWith('systematic: '))).toBe(true);
    const table = check.getByRole('table', { name: 'Leak check per style' });
    expect(await table.getByRole('row').allTextContents()).toHaveLength(3);
    const canvas = check
      .getByRole('figure', { name: 'Solution revealed by turn, per style' })
      .locator('canvas');
    await visible(canvas.first());
    expect(await check.getByRole('progressbar').count()).toBe(0);

    // Closed and opened again: the check is still there, with its result.
    await page.keyboard.press('Escape');
    await hidden(check);
    await view.getByRole('button', { name: 'Check this design' }).click();
    await visible(
      page
        .getByRole('dialog', { name: `Leak check: ${LEIA} v1.0.0` })
        .getByRole('region', { name: 'Verdict' }),
    );
  });
});

describe('Check a design not saved yet', () => {
  it("the wizard's step 2, with an unsaved edit: the check runs on the design on screen", async () => {
    const page = await signedIn();
    await page.goto(`${app.url}/create`);
    await visible(stepHeading(page, 'Select Components'));
    await choose(page, {
      behaviour: 'Requirements interviewee',
      problem: 'Library room booking',
      persona: 'Aisha Okafor',
    });
    await next(page).click();
    await visible(stepHeading(page, 'Edit'));
    await partCard(page, 'Aisha Okafor').getByRole('button', { name: 'Edit persona' }).click();
    await editor(page).getByRole('textbox', { name: 'First Name' }).fill('Ayesha');
    await editor(page).getByRole('button', { name: 'Save' }).click();
    await hidden(editor(page));

    await page.getByRole('button', { name: 'Check this design' }).click();
    const check = page.getByRole('dialog', { name: 'Leak check: this design (not saved)' });
    await visible(check.getByRole('group', { name: 'Simulated students' }));
    await check.getByRole('checkbox', { name: /^Pushy/ }).uncheck();
    await check.getByRole('checkbox', { name: /^Naive/ }).uncheck();
    await check.getByRole('spinbutton', { name: 'Interviews per style' }).fill('1');
    await check.getByRole('spinbutton', { name: 'Questions per interview, at most' }).fill('6');
    await check.getByRole('button', { name: 'Start check' }).click();
    const verdict = check.getByRole('region', { name: 'Verdict' });
    await visible(verdict, 30_000);
    const figures = await verdict.getByRole('listitem').allTextContents();
    expect(figures.some((figure) => figure.startsWith('systematic: '))).toBe(true);
    await visible(
      check.getByRole('figure', { name: 'Solution revealed by turn, per style' }).locator('canvas').first(),
    );
    await page.keyboard.press('Escape');
    await hidden(check);
    // Still the wizard, the edit kept.
    await visible(partCard(page, 'Aisha Okafor').getByText('(edited)'));
  });
});
