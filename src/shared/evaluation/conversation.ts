/** A conversation as the evaluation reads it: turns are the LEIA's replies, numbered from 1. */

export interface ConversationMessage {
  text: string;
  isLeia: boolean;
}

export interface LeiaTurn {
  /** 1 for the LEIA's first reply. */
  turn: number;
  /** Position of the reply in the messages. */
  index: number;
  text: string;
  /** What the interviewer said since the LEIA's previous reply ('' when nothing). */
  question: string;
}

export function leiaTurns(messages: readonly ConversationMessage[]): LeiaTurn[] {
  const turns: LeiaTurn[] = [];
  let asked: string[] = [];
  messages.forEach((message, index) => {
    if (!message.isLeia) {
      asked.push(message.text);
      return;
    }
    turns.push({ turn: turns.length + 1, index, text: message.text, question: asked.join('\n') });
    asked = [];
  });
  return turns;
}

/** A quote of at most `max` characters, cut at a word. */
export function quote(text: string, max = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
