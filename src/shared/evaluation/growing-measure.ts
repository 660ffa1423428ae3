import type { Lexicon } from '../lexicon';
import type { EvaluationReport } from '../schemas/evaluation';
import type { ConversationMessage } from './conversation';
import { leiaTurns } from './conversation';
import { type ReadSolution, readSolution } from './elements';
import { buildReport, type EvaluationInput, measureTurns, type TurnFigures } from './report';

/**
 * Conversations measured offline as they grow (the live class report, docs/architecture.md "Class
 * reports"). Each is kept with the messages it was measured from and its turn figures: when it
 * has grown by a few turns only the new ones are measured, and the report is made from the kept
 * figures and theirs; a conversation that changed otherwise (a regenerated reply) or another
 * solution is measured whole again. The report is always `evaluateOffline`'s (a property test
 * holds them equal).
 */

interface Kept {
  /** The solution and the game's rules it was measured with. */
  solution: string;
  messages: readonly ConversationMessage[];
  figures: TurnFigures;
  report: EvaluationReport;
}

/** How many solutions' reads and conversations a measurer keeps (the oldest go first). */
const MAX_READS = 64;
const MAX_KEPT = 5_000;

const solutionKey = (input: EvaluationInput) => `${input.solutionFormat}\n${input.solution}`;

/** Whether `before` is where `now` started: the same texts from the same speakers. */
const grewFrom = (before: readonly ConversationMessage[], now: readonly ConversationMessage[]) =>
  before.length <= now.length &&
  before.every((message, i) => message.text === now[i]!.text && message.isLeia === now[i]!.isLeia);

/** Puts `value` last in `map`, dropping the oldest entry past `max`. */
function keep<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/** Each solution read once, however many conversations are measured against it. */
export function solutionReader(): (input: EvaluationInput) => ReadSolution {
  const reads = new Map<string, ReadSolution>();
  return (input) => {
    const key = solutionKey(input);
    return reads.get(key) ?? keep(reads, key, readSolution(input.solution, input.solutionFormat), MAX_READS);
  };
}

/** Measures the conversation of `id` (a student), going on from what was kept of it. */
export function growingMeasurer(lexicon?: Lexicon) {
  const read = solutionReader();
  const kept = new Map<string, Kept>();
  return (id: string, input: EvaluationInput): EvaluationReport => {
    const solution = `${solutionKey(input)}\n${JSON.stringify(input.game ?? null)}`;
    const before = kept.get(id);
    const from =
      before?.solution === solution && grewFrom(before.messages, input.messages) ? before : undefined;
    if (from && from.messages.length === input.messages.length) return from.report;
    const prepared = { ...input, read: read(input), turns: leiaTurns(input.messages) };
    const figures = measureTurns(prepared, {
      ...(lexicon && { lexicon }),
      ...(from && { from: from.figures }),
    });
    const report = buildReport(prepared, { ...(lexicon && { lexicon }), figures });
    const messages = input.messages.map(({ text, isLeia }) => ({ text, isLeia }));
    return keep(kept, id, { solution, messages, figures, report }, MAX_KEPT).report;
  };
}

export type GrowingMeasurer = ReturnType<typeof growingMeasurer>;
