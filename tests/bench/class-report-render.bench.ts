import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GRID_PAGE_SIZE } from '@machines/classReport/contract';
import { CLASS_REPORT_PATHS } from '@shared/schemas/class-report';
import { CLASS_PATHS, STUDENT_PATHS } from '@shared/schemas/class-sessions';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { type ApiSession, createLeia, signIn } from '../e2e/support/api';
import { launchChromium } from '../support/browser';
import { ensureBuild, startBuiltServer } from '../support/built-server';
import { joinAt } from '../support/class-http';
import { handInOf } from './class-report.bench';
import { classDiagram } from './support/class-diagram';
import { median, row } from './support/common';
import type { BenchRow } from './types';

/**
 * Issue 27's render figure: the class report screen of 200 students x 60 elements, grid included,
 * in Chromium against the built server, <= 500 ms. Set up over HTTP as a class would make it: three
 * LEIAs sharing the 60-element solution, 200 students who each ask two questions, 180 of them hand
 * in work of every quality (graded offline, their reports stored), then the session is closed.
 *
 * Each run opens the report's address in a signed-in page (the token already stored, as after a
 * login) and marks in the page, on its own clock, when the students' table has its 200 rows and
 * the grid its 60 elements x 200 students, and the frame after that (painted). Two figures: from
 * the report's response received (the render alone, held to the 500 ms) and from navigation (the
 * app's start, the session check and the report's request and build included, printed beside it).
 * First run on a new page, then reloads; median.
 */

const STUDENTS = 200;
const HANDED_IN = 180;
const ELEMENTS = 60;
const RUNS = 7;
const TARGET_MS = 500;
const PARALLEL = 8;
const ADMIN = { email: 'admin@leia.local', password: 'bench-admin-password' };

async function inBatches<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let at = 0; at < items.length; at += PARALLEL)
    await Promise.all(items.slice(at, at + PARALLEL).map(work));
}

/** A closed session of 200 students on three LEIAs sharing the 60-element solution. */
export async function seedClass(base: string, admin: ApiSession): Promise<string> {
  const solution = classDiagram();
  const ok = async <T>(what: string, call: Promise<{ status: number; body: T }>, status = 200) => {
    const result = await call;
    if (result.status !== status && !(status === 201 && result.status === 200))
      throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
    return result.body;
  };
  const leias = [];
  for (const name of ['terse', 'chatty', 'evasive'])
    leias.push(
      await createLeia(admin, `Render bench LEIA ${name}`, {
        publish: true,
        solution: { text: solution, format: 'mermaid' },
      }),
    );
  const activity = await ok(
    'activity',
    admin.call<{ id: string }>('POST', '/experiments', { name: 'Render bench activity' }),
    201,
  );
  for (const leia of leias)
    await ok('add LEIA', admin.call('POST', `/experiments/${activity.id}/leias`, { leia: leia.id }), 201);
  await ok('publish', admin.call('PATCH', `/experiments/${activity.id}/publish`));
  const session = await ok(
    'session',
    admin.call<{ id: string; code: string }>('POST', `/experiments/${activity.id}/class-sessions`, {
      name: 'Render bench',
    }),
    201,
  );
  const classes = [...solution.matchAll(/^ {2}class (\w+) \{$/gm)].map((match) => match[1]!);
  await inBatches(
    Array.from({ length: STUDENTS }, (_, i) => i),
    async (i) => {
      const student = await joinAt(base, session.code, `Student ${String(i).padStart(3, '0')}`);
      const post = async (path: string, body: object) => {
        const response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: student.cookie },
          body: JSON.stringify(body),
        });
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      };
      const about = classes[i % classes.length]!;
      await post(STUDENT_PATHS.messages, { message: `What do you record about each ${about}?` });
      await post(STUDENT_PATHS.messages, {
        message: `How does a ${about} relate to the other things you manage?`,
      });
      if (i < HANDED_IN) await post(STUDENT_PATHS.handIn, { text: handInOf(i, solution) });
    },
  );
  await ok('close', admin.call('POST', CLASS_PATHS.close(session.id).slice('/api/v1'.length)));
  return session.id;
}

interface Marks {
  /** From navigation: the table and the grid in the page, then painted. */
  inDom: number;
  painted: number;
  /** The report's response received, from navigation. */
  data: number;
  /**
   * CPU time of the page's main thread to painted (less the machine's load in it than the wall
   * times): its renderer is new with each load, so this is the load's.
   */
  cpu: number;
}

/** The page's main thread's CPU time so far (Chromium's Performance.getMetrics ThreadTime), in ms. */
export async function threadTime(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
}

/**
 * In the page before anything loads: marks when the table and the grid are complete, then painted
 * (the frame after: its style, layout and paint done). Plain source: the bundler's helpers do not
 * exist in the page.
 */
export const watchForReport = (counts: { students: number; elements: number }) => `
  (() => {
    const marks = {};
    window.__reportMarks = marks;
    const done = () =>
      document.querySelectorAll('[data-element]').length === ${counts.elements} &&
      document.querySelectorAll('tr[data-student-id]').length === ${counts.students} &&
      document.querySelectorAll('td.class-report__cell').length === ${counts.elements * Math.min(counts.students, GRID_PAGE_SIZE)};
    const observer = new MutationObserver(() => {
      if (marks.inDom !== undefined || !done()) return;
      marks.inDom = performance.now();
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { marks.painted = performance.now(); };
        channel.port2.postMessage(null);
      });
    });
    document.addEventListener('DOMContentLoaded', () =>
      observer.observe(document.body, { childList: true, subtree: true }));
  })();
`;

export async function measure(
  page: Page,
  cdp: CDPSession,
  url: string,
  reportPath: string,
  first: boolean,
): Promise<Marks> {
  if (first) await page.goto(url, { waitUntil: 'commit' });
  else await page.reload({ waitUntil: 'commit' });
  await page
    .waitForFunction(
      () =>
        (window as unknown as { __reportMarks?: { painted?: number } }).__reportMarks?.painted !== undefined,
      undefined,
      { timeout: 60_000, polling: 100 },
    )
    .catch(async (error) => {
      const seen = await page.evaluate(() => ({
        path: window.location.pathname,
        elements: document.querySelectorAll('[data-element]').length,
        students: document.querySelectorAll('tr[data-student-id]').length,
        cells: document.querySelectorAll('td.class-report__cell').length,
        text: document.body.innerText.slice(0, 300),
      }));
      throw new Error(`the report never showed whole: ${JSON.stringify(seen)}`, { cause: error });
    });
  // Each load runs in a new renderer (the metric starts again): its main thread's CPU so far.
  const cpu = await threadTime(cdp);
  const marks = await page.evaluate((path) => {
    const marks = (window as unknown as { __reportMarks: { inDom: number; painted: number } }).__reportMarks;
    const report = performance
      .getEntriesByType('resource')
      .find((entry) => new URL(entry.name).pathname === path) as PerformanceResourceTiming | undefined;
    return { inDom: marks.inDom, painted: marks.painted, data: report?.responseEnd ?? Number.NaN };
  }, reportPath);
  return { ...marks, cpu };
}

export async function run(): Promise<BenchRow[]> {
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'leia-bench-render-'));
  const server = await startBuiltServer(
    {
      LEIA_DATA_DIR: dataDir,
      LEIA_ADMIN_EMAIL: ADMIN.email,
      LEIA_ADMIN_PASSWORD: ADMIN.password,
      LEIA_SEED_CATALOGUE: 'false',
      LEIA_LOGIN_MAX_FAILURES: '1000',
      LEIA_LIMIT_CHAT_SESSIONS: '1000000/1m',
      LEIA_LIMIT_CHAT_MESSAGES: '1000000/1m',
    },
    90_000,
  );
  let browser: Browser | undefined;
  try {
    const admin = await signIn(server.url, ADMIN.email, ADMIN.password);
    const sessionId = await seedClass(server.url, admin);
    browser = await launchChromium(chromium);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((token) => window.localStorage.setItem('token', token), admin.token);
    await context.addInitScript(watchForReport({ students: STUDENTS, elements: ELEMENTS }));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const reportPath = CLASS_REPORT_PATHS.report(sessionId);
    const runs: Marks[] = [];
    for (let i = 0; i < RUNS; i++)
      runs.push(
        await measure(page, cdp, `${server.url}/class-sessions/${sessionId}/report`, reportPath, i === 0),
      );
    const name = `class report screen in Chromium, ${STUDENTS} students x ${ELEMENTS} elements (grid included)`;
    const fromNavigation = median(runs.map((one) => one.painted));
    const fromData = median(runs.map((one) => one.painted - one.data));
    console.error(
      `render runs (ms from navigation: data, in DOM, painted; main thread CPU): ${runs.map((one) => `${one.data.toFixed(0)}/${one.inDom.toFixed(0)}/${one.painted.toFixed(0)}; ${one.cpu.toFixed(0)}`).join(', ')}`,
    );
    return [
      // The issue's 500 ms is the render; the build before it has its own 300 ms (class-report.bench).
      row(name, 'navigation to painted, median', fromNavigation, 'ms'),
      row(
        name,
        'report received to painted, median',
        fromData,
        'ms',
        `<= ${TARGET_MS} ms`,
        fromData <= TARGET_MS,
      ),
      row(
        name,
        'main thread CPU, navigation to painted, median of reloads',
        median(runs.slice(1).map((one) => one.cpu)),
        'ms',
      ),
      row(name, 'navigation to report received, median', median(runs.map((one) => one.data)), 'ms'),
      row(name, 'first visit, navigation to painted', runs[0]!.painted, 'ms'),
    ];
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
