import { type ChatTurn, type ResolvedLeia, specText } from '@server/runner/provider';
import { simulateReply } from '@server/runner/simulator';
import { loadCatalogueLeias } from './catalogue-leias';
import { longestSharedRun } from './shared-run';

/**
 * Conversations with the offline simulator, turn by turn: what each reply must say and must never
 * say. Every defect found in the simulator gets a conversation here. Each turn is asked after the
 * turns before it, with the simulator's own replies in the history, as in a chat.
 */

type Expectation = string | RegExp;

interface Turn {
  ask: string;
  says?: Expectation[];
  never?: Expectation[];
}

interface Conversation {
  title: string;
  /** A catalogue LEIA's name, or a fixture. */
  leia: string | ResolvedLeia;
  turns: Turn[];
}

/** Never in any reply of any conversation: the exercise, the rules read out, the persona from outside. */
const NEVER_ANYWHERE: Expectation[] = [
  /analyst/i,
  /\bstudents? (to|task)\b/i,
  /the player/i,
  /Keep count/i,
  /reveal the answer/i,
  /People would describe me/,
];

const CONVERSATIONS: Conversation[] = [
  {
    title: 'questions nothing covers get an in-character deflection, not the nearest sentence',
    leia: 'Library room booking interview',
    turns: [
      {
        ask: "What's the weather like?",
        says: [/not sure I can answer/],
        never: [/library wants|study rooms|seats 60/],
      },
      { ask: 'What do the packers do in the morning?', says: [/not sure|check|afraid/], never: [/morning/] },
    ],
  },
  {
    title: 'the bakery: the best matching fact, not one that shares a common word',
    leia: 'Bakery order process interview',
    turns: [
      { ask: 'What do the packers do in the morning?', says: ['the packers fill'], never: [/cut-off/] },
      { ask: "What's the weather like?", never: [/forty cafés|cut-off|documented/] },
      {
        ask: 'What happens when a product runs short?',
        says: ['they call me, and I decide who gets less', 'and phone them'],
        never: [/who decides|phones them/],
      },
    ],
  },
  {
    title: 'the persona speaks for itself, in the first person',
    leia: 'Bakery order process interview',
    turns: [
      {
        ask: 'What is your job?',
        says: ["I'm the co-owner and operations manager", "I'm 47"],
        never: [/\bHe\b|\bhis\b/],
      },
      {
        ask: 'Do you take the orders yourself?',
        says: ['I take many orders personally and know every exception'],
      },
      {
        ask: 'What are you like?',
        says: ["I'm energetic, talkative", 'I tell stories instead of giving numbers'],
      },
    ],
  },
  {
    title: 'the clinic: no word about the exercise',
    leia: 'Clinic appointment reminders interview',
    turns: [
      { ask: 'What are you like?', says: ["I'm calm, organised"] },
      { ask: 'What are the functional requirements?', never: [/task/] },
      { ask: "What's the weather like?", never: [/reminder service|no-shows/] },
    ],
  },
  {
    title: 'the librarian: verbs agree with I',
    leia: 'Library room booking interview',
    turns: [
      { ask: 'Do you have hobbies outside work?', says: ['I sing in a choir and grow tomatoes'] },
      { ask: 'Who reads the complaints?', says: ['I read every complaint myself, keep the budget'] },
    ],
  },
];

const matches = (text: string, expectation: Expectation) =>
  typeof expectation === 'string' ? text.includes(expectation) : expectation.test(text);

describe('conversations with the offline simulator', async () => {
  const catalogue = await loadCatalogueLeias();

  it.each(CONVERSATIONS.map((conversation) => [conversation.title, conversation] as const))(
    '%s',
    (_title, { leia: which, turns }) => {
      const leia = typeof which === 'string' ? catalogue.get(which) : which;
      if (!leia) throw new Error(`No catalogue LEIA named ${which}`);
      const solution = specText(leia.problem.spec, 'solution');
      const history: ChatTurn[] = [];
      for (const { ask, says = [], never = [] } of turns) {
        history.push({ role: 'user', content: ask });
        const reply = simulateReply(leia, history);
        history.push({ role: 'assistant', content: reply });
        const context = `"${ask}" -> "${reply}"`;
        for (const expected of says)
          expect(matches(reply, expected), `${context} should say ${expected}`).toBe(true);
        for (const unwanted of [...never, ...NEVER_ANYWHERE])
          expect(matches(reply, unwanted), `${context} must not say ${unwanted}`).toBe(false);
        expect(longestSharedRun(reply, solution), context).toBeLessThan(8);
      }
    },
  );
});
