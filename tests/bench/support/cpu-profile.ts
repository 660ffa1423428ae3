import { readFileSync } from 'node:fs';

/**
 * The top self-time entries of a V8 CPU profile (.cpuprofile, as `node --cpu-prof` writes it), by
 * function and by package, for the benchmark's notes (docs/perf-notes.md).
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

const where = (url: string) => {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(src + 1) : url.replace(/^file:\/\//, '');
};

const packageOf = (url: string) => {
  const modules = url.lastIndexOf('node_modules/');
  if (modules < 0)
    return url.includes('/src/') ? 'src (ours)' : url.startsWith('node:') ? 'node' : url || '(native)';
  const rest = url.slice(modules + 'node_modules/'.length).split('/');
  return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
};

export function topSelfTime(file: string, count: number): { functions: SelfTime[]; packages: SelfTime[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') return;
    total += delta;
    const name = `${frame.functionName || '(anonymous)'} ${where(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + delta);
    const pkg = packageOf(frame.url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + delta);
  });
  const top = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => ({ name, ms, share: ms / total }));
  return { functions: top(functions), packages: top(packages) };
}
