import { type TranscriptionMessage, validateTranscription } from '@shared/schemas/transcription';
import { ProviderError } from './provider';

/** One turn of a generated interview, before it gets its timestamp. */
export interface TranscriptTurn {
  text: string;
  isLeia: boolean;
}

/**
 * Gives each turn a timestamp: the first at `start`, each next one later by a pace that grows
 * with its length (a few seconds to read and answer, plus time per word), so a generated
 * interview reads like a real one and the same turns always get the same times.
 */
export function stampTranscription(turns: readonly TranscriptTurn[], start: Date): TranscriptionMessage[] {
  let at = start.getTime();
  return turns.map((turn, index) => {
    if (index > 0) at += (4 + Math.ceil(turn.text.split(/\s+/).length / 2)) * 1000;
    return {
      text: turn.text,
      timestamp: new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      isLeia: turn.isLeia,
    };
  });
}

/** Stamps the turns and checks them with the shared schema and the interview's shape. */
export function toTranscription(turns: readonly TranscriptTurn[], start: Date): TranscriptionMessage[] {
  const result = validateTranscription(stampTranscription(turns, start));
  if (!result.ok) throw invalid(result.errors.join('; '));
  const [first] = result.messages;
  if (first?.isLeia) throw invalid('the interviewer must open the interview');
  if (!result.messages.some((message) => message.isLeia)) throw invalid('the LEIA never answers');
  return result.messages;
}

/**
 * Reads a model's transcription reply. Small local models often wrap JSON in code fences, add a
 * sentence around it, return a bare array or name the speaker with a role instead of isLeia; all
 * of that is accepted. Anything else is an 'invalid-output' ProviderError.
 */
export function parseTranscriptTurns(reply: string): TranscriptTurn[] {
  const items = findMessageArray(parseLooseJson(reply));
  if (!items) throw invalid('no list of messages found in the reply');
  return items.map((item, index) => {
    const turn = readTurn(item);
    if (!turn) throw invalid(`message ${index} has no text or no speaker`);
    return turn;
  });
}

const invalid = (reason: string) =>
  new ProviderError('invalid-output', `The language model did not return a valid transcription: ${reason}`);

function parseLooseJson(reply: string): unknown {
  const text = reply.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  for (const candidate of [text, outermostJson(text)]) {
    if (!candidate) continue;
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next candidate
    }
  }
  throw invalid('the reply is not JSON');
}

/** The text from the first opening bracket to the last matching closing one. */
function outermostJson(text: string): string | undefined {
  const start = text.search(/[[{]/);
  if (start < 0) return undefined;
  const close = text[start] === '[' ? ']' : '}';
  const end = text.lastIndexOf(close);
  return end > start ? text.slice(start, end + 1) : undefined;
}

function findMessageArray(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.messages)) return record.messages;
  return Object.values(record).find(Array.isArray);
}

const LEIA_ROLES = new Set(['assistant', 'leia', 'stakeholder', 'client', 'interviewee']);
const INTERVIEWER_ROLES = new Set(['user', 'interviewer', 'student', 'analyst']);

function readTurn(item: unknown): TranscriptTurn | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const record = item as Record<string, unknown>;
  const text = [record.text, record.content, record.message].find((value) => typeof value === 'string');
  if (typeof text !== 'string' || !text.trim()) return undefined;
  if (typeof record.isLeia === 'boolean') return { text: text.trim(), isLeia: record.isLeia };
  const role = [record.role, record.speaker].find((value) => typeof value === 'string');
  const normalized = typeof role === 'string' ? role.trim().toLowerCase() : '';
  if (LEIA_ROLES.has(normalized)) return { text: text.trim(), isLeia: true };
  if (INTERVIEWER_ROLES.has(normalized)) return { text: text.trim(), isLeia: false };
  return undefined;
}
