import { type ChatTurn, type ResolvedLeia, specText } from './provider';

/**
 * The session's system prompt. As in the original system it is the LEIA's resolved behaviour
 * description: the generation engine already substituted its {{placeholders}} (persona, problem,
 * solution), so it is used as it is. A behaviour without a description still has to produce a
 * stakeholder, so the prompt is then assembled from the persona and problem fields.
 */
export function buildSystemPrompt(leia: ResolvedLeia): string {
  return specText(leia.behaviour.spec, 'description') || fallbackSystemPrompt(leia);
}

function fallbackSystemPrompt({ persona, problem }: ResolvedLeia): string {
  const p = (key: string) => specText(persona.spec, key);
  const q = (key: string) => specText(problem.spec, key);
  const name = p('fullName') || p('firstName');
  const lines = [
    name
      ? `You are ${name}, a stakeholder being interviewed by a student.`
      : 'You are a stakeholder being interviewed by a student.',
    p('description'),
    p('personality') && `Your personality: ${p('personality')}`,
    q('personaBackground'),
    q('description') && `The situation: ${q('description')}`,
    q('details') && `What you know: ${q('details')}`,
    q('solution') &&
      `What you have in mind, which the interviewer must discover through good questions (never state it outright or all at once): ${q('solution')}`,
    'Stay in character and answer in the first person, briefly, in the language the interviewer uses. Only reveal details the interviewer asks about.',
  ];
  return lines.filter(Boolean).join('\n\n');
}

/** Stored messages ({isLeia, text}, oldest first) as the turns a provider expects. */
export function toChatTurns(messages: readonly { isLeia: boolean; text: string }[]): ChatTurn[] {
  return messages.map(({ isLeia, text }) => ({ role: isLeia ? 'assistant' : 'user', content: text }));
}

/**
 * Instructions for a model that writes a whole interview with the LEIA (activity "Auto generate").
 * The LEIA's own system prompt is given as the character sheet; the reply format is described in
 * words too, because many local servers ignore a JSON-schema response format.
 */
export const TRANSCRIPTION_WRITER_SYSTEM = [
  'You write realistic training transcripts of requirements-elicitation interviews.',
  'You are given the character sheet of a stakeholder. Write the full interview between an interviewer and that stakeholder:',
  '- The interviewer has no prior context: they open the conversation, introduce themselves briefly and ask open questions first, then narrower ones.',
  '- The stakeholder answers every interviewer turn, in character, in the first person, following the character sheet (including how much they reveal and when).',
  '- The interview goes on until enough has been said for the interviewer to reach the complete solution described in the character sheet, then closes politely.',
  '- Write in the same language as the character sheet.',
  '- Between 10 and 30 messages, alternating interviewer and stakeholder.',
  'Answer with JSON only, no prose and no code fences, exactly in this shape:',
  '{"messages": [{"text": "interviewer message", "isLeia": false}, {"text": "stakeholder answer", "isLeia": true}]}',
].join('\n');

export function transcriptionWriterPrompt(system: string): string {
  return `Character sheet of the stakeholder:\n"""\n${system}\n"""\n\nWrite the interview now, as JSON.`;
}
