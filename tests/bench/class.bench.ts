import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Config } from '@server/config';
import { CLASS_EVENTS, type LiveRow, STUDENT_PATHS } from '@shared/schemas/class-sessions';
import { setUpClass } from '../support/class-http';
import { type LiveView, openLiveView } from '../support/class-live';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { createPostgresDatabase, postgresReachable } from '../support/test-database';
import { benchConfig, loginAt, median, percentile, row } from './support/common';
import type { BenchRow } from './types';

/**
 * A class at once (issue 26): 200 simulated students join one session over 20 s, then all at once
 * each send 10 messages to the offline simulator (streamed, as the student screen asks), then
 * save a draft and hand in,
 * while the instructor's live view is open. On PGlite (one process), then on PostgreSQL with two
 * server processes: students join on one and chat on the other, the live view on the first.
 * - failures (any answer not 2xx, or a stream without its done event);
 * - join p50/p99;
 * - first token of a class message against the runner's own route at the same concurrency (200
 *   sessions x 10 messages with the same LEIAs and questions, started on the process the students
 *   join on and chatted on the one they chat on), p50/p99 and their ratio. Both start from open
 *   connections (each student or session first loads its screen from the chat process): 200 new
 *   connections to a busy process wait in its accept queue for seconds, which staggered the
 *   runner's sessions, so the messages in flight on average are reported for both;
 * - live-event delay: from the moment a row's activity was stored (its lastActivityAt, the
 *   database's clock on this machine) until the live view read the event;
 * - server memory per student: heap used after a full GC, joined and chatted, against before the
 *   joins (RSS, which moves with what the allocator and PGlite give back, as a total).
 * CLASS_BENCH_PROFILE=1: PGlite only, with the server's V8 CPU profiles (each thread's) written to
 * tests/bench/.profiles/class (git-ignored); CLASS_BENCH_PROFILE=postgres: the same for the two
 * PostgreSQL processes. CLASS_BENCH_ONLY=pglite or postgres runs that half alone;
 * CLASS_BENCH_POOL=n sets the PostgreSQL connections per process.
 */

const STUDENTS = 200;
const MESSAGES = 10;
/** Students arrive over this long (the class joins within 60 s). */
const JOIN_SPREAD_MS = 20_000;
const ADMIN = { email: 'bench-class@leia.local', password: 'bench-class-password' };
const TARGETS = { joinP99: 300, firstTokenRatio: 1.5, liveP99: 1000 };

const root = fileURLToPath(new URL('../..', import.meta.url));
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

interface Answer {
  status: number;
  cookie?: string;
  body: string;
  first: number;
  total: number;
}

/** One HTTP call with node:http (the cheapest client: it shares the cores with the server). */
function call(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const all = body === undefined ? headers : { ...headers, 'content-length': `${Buffer.byteLength(body)}` };
    const req = request(url, { method, headers: all, agent }, (res) => {
      let text = '';
      let first = Number.NaN;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (Number.isNaN(first)) first = performance.now() - start;
        text += chunk;
      });
      res.on('error', reject);
      res.on('end', () => {
        const cookie = res.headers['set-cookie']?.[0]?.split(';')[0];
        resolve({
          status: res.statusCode ?? 0,
          body: text,
          first,
          total: performance.now() - start,
          ...(cookie && { cookie }),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const json = { 'content-type': 'application/json' };
const streamed = { ...json, accept: 'text/event-stream' };
const ok = (answer: Answer, stream = false) =>
  answer.status >= 200 && answer.status < 300 && (!stream || answer.body.includes('event: done'));

const QUESTIONS = [
  'Hello, what do you do?',
  'What problem do your customers have?',
  'How do customers order today?',
  'When do they pick up their orders?',
  'What happens when an order gets lost?',
  'Who takes the orders?',
  'How many orders do you get a week?',
  'What would an ideal system do?',
  'Is there anything else I should know?',
  'Thank you, can you summarise?',
];

interface Figures {
  failures: number;
  joins: number[];
  firstTokens: number[];
  /** Messages in flight on average while the class chatted (like with like: the runner's too). */
  inFlight: number;
  handIns: number[];
  wallMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The class: students arrive evenly over JOIN_SPREAD_MS and join on `joinAt`; once all have
 * joined (the instructor says "go"), all 200 chat at once on `chatAt`, then hand in there.
 */
async function runClass(joinAt: string, chatAt: string, code: string): Promise<Figures> {
  const figures: Figures = { failures: 0, joins: [], firstTokens: [], inFlight: 0, handIns: [], wallMs: 0 };
  const start = performance.now();
  const joinOne = async (i: number) => {
    await sleep((i * JOIN_SPREAD_MS) / STUDENTS);
    const body = JSON.stringify({ code, displayName: `Student ${i}` });
    const joined = await call(`${joinAt}${STUDENT_PATHS.join}`, 'POST', json, body);
    if (!ok(joined) || !joined.cookie) return void figures.failures++;
    figures.joins.push(joined.total);
    return { cookie: joined.cookie };
  };
  const joined = await Promise.all(Array.from({ length: STUDENTS }, (_, i) => joinOne(i)));
  // Each student's screen loads their view from the process they chat on (opening the connection
  // their messages use), as the runner's sessions load theirs (runRunner): both timed phases start
  // from open connections.
  await Promise.all(joined.map((s) => s && call(`${chatAt}${STUDENT_PATHS.me}`, 'GET', s)));
  const chatting = performance.now();
  let messagesMs = 0;
  const chat = async (headers: { cookie: string }) => {
    for (const question of QUESTIONS.slice(0, MESSAGES)) {
      const body = JSON.stringify({ message: question });
      const sent = await call(
        `${chatAt}${STUDENT_PATHS.messages}`,
        'POST',
        { ...headers, ...streamed },
        body,
      );
      if (!ok(sent, true)) figures.failures++;
      else figures.firstTokens.push(sent.first);
      messagesMs += sent.total;
    }
    const draftBody = JSON.stringify({ text: '- Customers order cakes online.' });
    const draft = await call(`${chatAt}${STUDENT_PATHS.draft}`, 'PUT', { ...headers, ...json }, draftBody);
    if (!ok(draft)) figures.failures++;
    const handIn = await call(`${chatAt}${STUDENT_PATHS.handIn}`, 'POST', { ...headers, ...json }, '{}');
    if (!ok(handIn)) figures.failures++;
    else figures.handIns.push(handIn.total);
  };
  await Promise.all(joined.map((student) => student && chat(student).catch(() => void figures.failures++)));
  figures.inFlight = messagesMs / (performance.now() - chatting);
  figures.wallMs = performance.now() - start;
  return figures;
}

/**
 * The runner's own route at the same concurrency: first tokens of 200 sessions x 10 messages,
 * each session started on `startAt` and chatted on `base`, as the class's students join on one
 * process and chat on the other (a process that did not start a session reads its history at the
 * first message: that is the layout's cost, not the class's).
 */
async function runRunner(
  startAt: string,
  base: string,
  token: string,
  leiaIds: string[],
): Promise<{ firsts: number[]; inFlight: number }> {
  const headers = { authorization: `Bearer ${token}`, ...json };
  const firsts: number[] = [];
  const start = async (_: unknown, i: number) => {
    const leia = leiaIds[i % leiaIds.length]!;
    const started = await call(
      `${startAt}/api/v1/runner/initialize`,
      'POST',
      headers,
      JSON.stringify({ leia }),
    );
    const { sessionId } = JSON.parse(started.body) as { sessionId: string };
    // The Chat screen loads the session from the process it chats on: that opens the connection.
    await call(`${base}/api/v1/runner/${sessionId}`, 'GET', headers);
    return sessionId;
  };
  const sessionIds = await Promise.all(Array.from({ length: STUDENTS }, start));
  const chatting = performance.now();
  let messagesMs = 0;
  const session = async (sessionId: string) => {
    for (const question of QUESTIONS.slice(0, MESSAGES)) {
      const sent = await call(
        `${base}/api/v1/runner/${sessionId}/messages`,
        'POST',
        { ...headers, ...streamed },
        JSON.stringify({ message: question }),
      );
      if (ok(sent, true)) firsts.push(sent.first);
      messagesMs += sent.total;
    }
  };
  await Promise.all(sessionIds.map(session));
  return { firsts, inFlight: messagesMs / (performance.now() - chatting) };
}

/** Delay of each event that records an activity (join, message, draft, hand-in) to the live view. */
function liveDelays(live: LiveView): number[] {
  const seen = new Map<string, string>();
  const delays: number[] = [];
  for (const { event, at } of live.events) {
    if (event.event !== CLASS_EVENTS.student) continue;
    const data: LiveRow = event.data;
    if (seen.get(data.studentId) === data.lastActivityAt) continue;
    seen.set(data.studentId, data.lastActivityAt);
    delays.push(at - Date.parse(data.lastActivityAt));
  }
  return delays;
}

const target = (bench: string, metric: string, value: number, unit: string, limit: number) =>
  row(bench, metric, value, unit, `<= ${limit} ${unit}`, value <= limit);

async function measure(label: string, servers: ServerProcess[]): Promise<BenchRow[]> {
  const [first, second = first] = servers as [ServerProcess, ServerProcess?];
  const token = await loginAt(first.url, ADMIN);
  const { session, leiaIds } = await setUpClass(first.url, token, { leias: 3 });
  // The same LEIAs through the runner's own route, as an admin tries them.
  const runner = await runRunner(first.url, second.url, token, leiaIds);
  const runnerFirsts = runner.firsts;
  const live = await openLiveView(first.url, token, session.id);
  const before = await Promise.all(servers.map((s) => s.stats()));
  const figures = await runClass(first.url, second.url, session.code);
  const after = await Promise.all(servers.map((s) => s.stats()));
  // Let the last events (the elicited shares measured after the replies) arrive.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  live.close();
  const delays = liveDelays(live);
  const sum = (stats: typeof before, key: 'rss' | 'heapUsed') => stats.reduce((n, s) => n + s.memory[key], 0);
  const perStudent = (key: 'heapUsed') => (sum(after, key) - sum(before, key)) / STUDENTS / 1024;
  const bench = `class of ${STUDENTS}, ${MESSAGES} messages each to the simulator (${label})`;
  const ratio = (p: number) => percentile(figures.firstTokens, p) / percentile(runnerFirsts, p);
  return [
    row(bench, 'failures', figures.failures, ''),
    row(
      bench,
      `wall time: joined over ${JOIN_SPREAD_MS / 1000} s, chatted, handed in`,
      figures.wallMs / 1000,
      's',
    ),
    row(bench, 'join p50', median(figures.joins), 'ms'),
    target(bench, 'join p99', percentile(figures.joins, 0.99), 'ms', TARGETS.joinP99),
    row(bench, 'first token p50, class message', median(figures.firstTokens), 'ms'),
    row(bench, 'first token p99, class message', percentile(figures.firstTokens, 0.99), 'ms'),
    row(bench, 'first token p50, runner message (same concurrency)', median(runnerFirsts), 'ms'),
    row(bench, 'first token p99, runner message (same concurrency)', percentile(runnerFirsts, 0.99), 'ms'),
    row(bench, 'messages in flight on average, class', figures.inFlight, ''),
    row(bench, 'messages in flight on average, runner', runner.inFlight, ''),
    target(bench, 'first token p50: class / runner', ratio(0.5), 'x', TARGETS.firstTokenRatio),
    target(bench, 'first token p99: class / runner', ratio(0.99), 'x', TARGETS.firstTokenRatio),
    row(bench, 'hand-in p99 (graded offline)', percentile(figures.handIns, 0.99), 'ms'),
    row(bench, 'live events with an activity', delays.length, ''),
    row(bench, 'live-event delay p50', median(delays), 'ms'),
    target(bench, 'live-event delay p99', percentile(delays, 0.99), 'ms', TARGETS.liveP99),
    row(bench, 'server memory per student (heap used, after GC)', perStudent('heapUsed'), 'KB'),
    // RSS moves with what the allocator and PGlite give back: a total, not a per-student figure.
    row(bench, 'server RSS after the class (all processes)', sum(after, 'rss') / 1024 / 1024, 'MB'),
  ];
}

export async function run(): Promise<BenchRow[]> {
  // CLASS_BENCH_POOL: PostgreSQL connections per process (the default otherwise).
  const poolSize = process.env.CLASS_BENCH_POOL
    ? { databasePoolSize: Number(process.env.CLASS_BENCH_POOL) }
    : {};
  const config = (overrides: Partial<Config>): Config =>
    benchConfig(ADMIN, { ...overrides, ...poolSize, logLevel: 'warn' });
  const rows: BenchRow[] = [];
  const profiled = process.env.CLASS_BENCH_PROFILE;
  const only = process.env.CLASS_BENCH_ONLY ?? (profiled === 'postgres' ? 'postgres' : profiled && 'pglite');
  const profile = profiled ? { cpuProfileDir: join(root, 'tests/bench/.profiles/class') } : {};
  if (only !== 'postgres') {
    const single = await startServerProcess(config({}), profile);
    try {
      rows.push(...(await measure('PGlite, one process', [single])));
    } finally {
      await single.stop();
    }
  }
  if (only === 'pglite') return rows;
  if (!(await postgresReachable())) {
    rows.push(row('class on PostgreSQL', 'skipped (no PostgreSQL)', 0, ''));
    return rows;
  }
  const database = await createPostgresDatabase();
  const servers: ServerProcess[] = [];
  try {
    servers.push(await startServerProcess(config({ databaseUrl: database.databaseUrl }), profile));
    servers.push(await startServerProcess(config({ databaseUrl: database.databaseUrl }), profile));
    rows.push(...(await measure('PostgreSQL, join on one process, chat on another', servers)));
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
  return rows;
}
