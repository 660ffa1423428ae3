import { setTimeout as sleep } from 'node:timers/promises';
import { type ChatTurn, type LlmProvider, ProviderError, type ResolvedLeia } from './provider';
import { GameHost } from './simulator/game/host';
import { Interviewee } from './simulator/interviewee';
import { PHRASES } from './simulator/phrases';
import { chunkWords, pick } from './simulator/text';
import { stampTranscription, type TranscriptTurn, toTranscription } from './transcription';

/**
 * The offline simulator: a stand-in for a language model in classrooms without one, and in
 * tests. It is not an LLM and is never presented as one (its model id says so). A LEIA whose
 * process is 'game' hosts its game (simulator/game); any other answers as the persona in an
 * interview (simulator/interviewee.ts). It never says the hidden solution, and the same
 * conversation always gets the same reply.
 */

export const SIMULATOR_MODEL = 'offline-simulator';

export interface SimulatorOptions {
  /** Pause between streamed word chunks, for demos; none by default. */
  chunkDelayMs?: number;
  /** The clock: a simulated interview is dated as if it had just ended (tests fix it). */
  now?: () => Date;
}

/** When an interview of these turns must have started to end at `end`, at the pace transcriptions keep. */
function startEndingAt(turns: readonly TranscriptTurn[], end: Date): Date {
  const stamped = stampTranscription(turns, new Date(0));
  const length = Date.parse(stamped.at(-1)?.timestamp ?? new Date(0).toISOString());
  return new Date(Math.floor((end.getTime() - length) / 1000) * 1000);
}

export function createSimulatorProvider(options: SimulatorOptions = {}): LlmProvider {
  return {
    name: 'simulator',
    model: SIMULATOR_MODEL,
    async *streamReply({ leia, history, signal, replacing }) {
      const reply = simulateReply(leia, history, replacing);
      for (const [index, chunk] of chunkWords(reply).entries()) {
        if (index > 0 && options.chunkDelayMs)
          await sleep(options.chunkDelayMs, undefined, { signal }).catch(() => {});
        if (signal?.aborted) throw cancelled();
        yield chunk;
      }
    },
    async generateTranscription({ leia, signal }) {
      if (signal?.aborted) throw cancelled();
      const turns = simulateInterview(leia);
      return toTranscription(turns, startEndingAt(turns, (options.now ?? (() => new Date()))()));
    },
  };
}

/**
 * The persona and, for a game, its host, made once per resolved LEIA: a session keeps its LEIA
 * (services/runner-sessions.ts), so each turn reuses what reading its texts and looking its words
 * up cost. Both are pure functions of the LEIA; the conversation is replayed on every reply.
 */
const PLAYERS = new WeakMap<ResolvedLeia, { host: GameHost | undefined; persona: Interviewee }>();

function playersOf(leia: ResolvedLeia): { host: GameHost | undefined; persona: Interviewee } {
  const known = PLAYERS.get(leia);
  if (known) return known;
  const host = GameHost.of(leia);
  const players = { host, persona: host?.persona ?? new Interviewee(leia) };
  PLAYERS.set(leia, players);
  return players;
}

const cancelled = () => new ProviderError('aborted', 'The request to the language model was cancelled');

/**
 * The LEIA's answer to the last user turn of `history`. With `replacing` (Regenerate: the reply
 * being replaced) it is the next of the simulator's replies after that one, so every attempt
 * gives a different reply and the same attempt always the same; when there is no other reply it
 * says so plainly.
 */
export function simulateReply(leia: ResolvedLeia, history: readonly ChatTurn[], replacing?: string): string {
  const { host, persona } = playersOf(leia);
  const replies = host?.replies(history) ?? persona.replies(history);
  if (replacing === undefined) return replies[0] ?? '';
  const replaced = replacing.trim();
  const at = replies.indexOf(replaced);
  const next = replies.map((_, step) => pick(replies, at + 1 + step)).find((reply) => reply !== replaced);
  return next ?? persona.phrases.noOtherAnswer;
}

/**
 * A deterministic interview: the interviewer opens without context, then asks about each topic of
 * the problem (one per sentence of its description and details, named by a phrase of it: "the
 * standing orders", "the waiting list"), and the persona answers every turn as it would in a
 * chat. A game is played instead: a few questions, then the right guess. Its texts are the same
 * for the same LEIA; its times are those of when it was made.
 */
export function simulateInterview(leia: ResolvedLeia): TranscriptTurn[] {
  const { host: game, persona } = playersOf(leia);
  if (game) return game.transcript();
  const phrases = PHRASES[persona.knowledge.language];
  const history: ChatTurn[] = [];
  const ask = (question: string) => {
    history.push({ role: 'user', content: question });
    history.push({ role: 'assistant', content: persona.replies(history)[0] ?? '' });
  };
  ask(phrases.interviewOpening);
  persona.topics().forEach((topic, index) => {
    ask(pick(phrases.topicQuestions, index)(topic));
  });
  history.push(
    { role: 'user', content: phrases.interviewClosing },
    { role: 'assistant', content: phrases.farewell },
  );
  return history.map((turn) => ({ text: turn.content, isLeia: turn.role === 'assistant' }));
}
