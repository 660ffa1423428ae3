#!/usr/bin/env node
// `npm run bench`: runs every tests/bench/*.bench.ts (each in its own process, so one benchmark's
// heap and timers never skew the next) and prints one table. Never part of `npm test`.
// `npm run bench -- users` runs only the files whose name contains "users".
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const filter = process.argv[2];
const files = readdirSync(join(root, 'tests/bench'))
  .filter((name) => name.endsWith('.bench.ts') && (!filter || name.includes(filter)))
  .sort();

const rows = [];
for (const file of files) {
  console.error(`bench: ${file}...`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', join(root, 'scripts/run-bench.mjs'), join(root, 'tests/bench', file)],
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const line = result.stdout.split('\n').find((l) => l.startsWith('BENCH_ROWS '));
  if (result.status !== 0 || !line) {
    rows.push({
      file,
      benchmark: file,
      metric: 'FAILED',
      value: Number.NaN,
      unit: '',
      target: '',
      met: false,
    });
    process.stderr.write(result.stdout);
    continue;
  }
  for (const row of JSON.parse(line.slice('BENCH_ROWS '.length))) rows.push({ file, ...row });
}

const fmt = (v) =>
  Number.isFinite(v)
    ? Math.abs(v) >= 100
      ? Math.round(v).toLocaleString('en')
      : String(Number(v.toFixed(2)))
    : 'n/a';
// A miss must not print as its limit ("2 ms ... NO"): then one more decimal.
const fmtRow = (r) => {
  const shown = fmt(r.value);
  const limit = Number(/[\d.]+/.exec(r.target ?? '')?.[0]);
  return r.met === false && Number(shown.replace(/,/g, '')) === limit ? r.value.toFixed(3) : shown;
};
const table = rows.map((r) => ({
  benchmark: r.benchmark,
  metric: r.metric,
  value: `${fmtRow(r)} ${r.unit}`.trim(),
  target: r.target ?? '',
  met: r.met === undefined ? '' : r.met ? 'yes' : 'NO',
}));
const widths = Object.keys(table[0] ?? {}).map((k) =>
  Math.max(k.length, ...table.map((r) => String(r[k]).length)),
);
const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
if (table.length) {
  console.log(line(Object.keys(table[0])));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(Object.values(row)));
}
process.exit(rows.some((r) => r.metric === 'FAILED') ? 1 : 0);
