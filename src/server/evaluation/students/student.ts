import type { LeakCheckStyle } from '@shared/schemas/leak-check';
import type { ChatTurn } from '../../runner/provider';

/** A simulated student: asks the next question of an interview, or ends it (null). */
export interface Student {
  next(history: readonly ChatTurn[], turn: number, signal: AbortSignal): Promise<string | null>;
}

/** What a student knows before the interview: what a real student reads in the chat. */
export interface Briefing {
  style: LeakCheckStyle;
  /** 1, 2, ...: runs of one style differ. */
  run: number;
  /** The persona's first name. */
  name: string;
  /** The problem's description (the chat's Instructions). */
  description: string;
}
