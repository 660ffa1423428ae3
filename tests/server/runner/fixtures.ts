import type { ResolvedLeia } from '@server/runner/provider';

/** Hand-made resolved LEIAs (what the generation engine outputs), for runner tests. */

const leia = (persona: object, problem: object, behaviourDescription: string): ResolvedLeia => ({
  persona: { id: 'persona-1', metadata: { name: 'persona', version: '1.0.0' }, spec: persona },
  problem: { id: 'problem-1', metadata: { name: 'problem', version: '1.0.0' }, spec: problem },
  behaviour: {
    id: 'behaviour-1',
    metadata: { name: 'behaviour', version: '1.0.0' },
    spec: { description: behaviourDescription, role: 'stakeholder', process: ['requirements-elicitation'] },
  },
});

const BAKERY_SOLUTION =
  'The system must let customers place cake orders online with a pickup date, notify the baker by email for every new order, and show the daily list of orders sorted by pickup time so the staff can prepare them in advance.';

export const bakery = leia(
  {
    fullName: 'Ana García',
    firstName: 'Ana',
    description:
      'Ana García runs a small family bakery in Seville. She has two employees and opens the shop at seven every morning.',
    personality: 'Friendly and talkative, but she gets nervous with computers.',
    subjectPronoum: 'she',
    objectPronoum: 'her',
    possesivePronoum: 'hers',
    possesiveAdjective: 'her',
  },
  {
    description:
      'The bakery takes custom cake orders by phone and on paper notes, and orders get lost. Ana wants an application to manage the orders.',
    personaBackground: 'You have been a baker for twenty years and your customers are mostly neighbours.',
    details:
      'Customers usually call two or three days before a birthday. Payment is made in cash at pickup. Her staff often cannot read the handwritten notes. The shop closes on Sundays.',
    solution: BAKERY_SOLUTION,
    solutionFormat: 'text',
    process: ['requirements-elicitation'],
  },
  `You are Ana García, a friendly baker. The solution you have in mind is: ${BAKERY_SOLUTION}`,
);

/** A problem whose own description repeats the solution word for word: the guard must drop it. */
export const leakyWarehouse = leia(
  {
    fullName: 'Bob Stone',
    firstName: 'Bob',
    description: 'Bob Stone manages a warehouse of spare parts. His boss asked him to reduce stock errors.',
    personality: 'Impatient and direct.',
    subjectPronoum: 'he',
    objectPronoum: 'him',
    possesivePronoum: 'his',
    possesiveAdjective: 'his',
  },
  {
    description:
      'Stock is counted by hand every month. Every pallet gets a barcode label that is scanned at the gate when it enters or leaves the warehouse.',
    personaBackground: '',
    details:
      'The warehouse has three gates and twelve workers. Counting errors cost about two thousand euros a month.',
    solution:
      'Every pallet gets a barcode label that is scanned at the gate when it enters or leaves the warehouse, and the stock levels are updated in real time.',
    solutionFormat: 'text',
    process: ['requirements-elicitation'],
  },
  '',
);

export const clinic = leia(
  {
    fullName: 'Lucía Martín',
    firstName: 'Lucía',
    description:
      'Lucía Martín es la recepcionista de una clínica dental en Madrid. Ella gestiona las citas de cuatro dentistas.',
    personality: 'Amable pero siempre está muy ocupada.',
    subjectPronoum: 'ella',
    objectPronoum: 'la',
    possesivePronoum: 'suya',
    possesiveAdjective: 'su',
  },
  {
    description:
      'La clínica apunta las citas en una agenda de papel y los pacientes se olvidan de venir. Quieren un sistema de recordatorios.',
    personaBackground: 'Lleva diez años trabajando en la clínica.',
    details:
      'Los pacientes suelen llamar por teléfono para pedir cita. Muchos pacientes mayores no usan el correo electrónico.',
    solution:
      'El sistema debe enviar un SMS de recordatorio a cada paciente el día anterior a su cita y permitir confirmar o cancelar la cita respondiendo al mensaje.',
    solutionFormat: 'text',
    process: ['requirements-elicitation'],
  },
  'Eres Lucía Martín, recepcionista de una clínica dental.',
);

export const FIXTURE_LEIAS = { bakery, leakyWarehouse, clinic };

/**
 * A guessing game written the way the catalogue writes its game (rules in the details, the secret
 * and its facts in the solution), with another secret and another limit: the simulator must play
 * it from its texts alone.
 */
export const paperClipGame: ResolvedLeia = {
  persona: {
    id: 'persona-2',
    metadata: { name: 'Rosa', version: '1.0.0' },
    spec: {
      fullName: 'Rosa Díaz',
      firstName: 'Rosa',
      description: 'Rosa Díaz runs the office of a small architecture studio.',
      personality: 'cheerful, precise',
      subjectPronoum: 'she',
      objectPronoum: 'her',
      possesivePronoum: 'hers',
      possesiveAdjective: 'her',
    },
  },
  problem: {
    id: 'problem-2',
    metadata: { name: 'Office object game', version: '1.0.0' },
    spec: {
      description: 'A ten-questions guessing game about things on an office desk.',
      personaBackground: '{{persona.firstName}} is hosting a quick round during a coffee break.',
      details:
        'The secret is a small thing found on most office desks. The player may ask up to 10 questions, and every guess counts as a question. Keep count and tell the player how many questions they have used whenever they ask and whenever they guess. After 10 questions without a correct guess, reveal the answer.',
      solution:
        'A paper clip. It is a kind of office supply. It is made of bent steel wire, holds a few sheets of paper together, is usually silver, and works without electricity.',
      solutionFormat: 'text',
      process: ['game'],
    },
  },
  behaviour: {
    id: 'behaviour-2',
    metadata: { name: 'Guessing game host', version: '1.0.0' },
    spec: { description: 'You host a guessing game.', role: 'Host', process: ['game'] },
  },
};

/** The same game written in Spanish: the host plays it in the LEIA's language. */
export const paperClipGameSpanish: ResolvedLeia = {
  ...paperClipGame,
  persona: {
    ...paperClipGame.persona,
    spec: {
      ...paperClipGame.persona.spec,
      description: 'Rosa Díaz es la secretaria de un estudio de arquitectura.',
      personality: 'alegre, precisa',
      subjectPronoum: 'ella',
      objectPronoum: 'la',
      possesiveAdjective: 'su',
      possesivePronoum: 'suya',
    },
  },
  problem: {
    ...paperClipGame.problem,
    spec: {
      ...paperClipGame.problem.spec,
      description: 'Un juego de adivinanzas de diez preguntas.',
      personaBackground: 'Rosa organiza una ronda en la pausa del café.',
      details:
        'El secreto es una cosa pequeña que está en casi todas las mesas de oficina. El jugador puede hacer hasta diez preguntas, y cada intento cuenta como una pregunta. Lleva la cuenta y dile cuántas preguntas lleva cada vez que lo pregunte y cada vez que intente adivinar. Después de diez preguntas sin acertar, revela la respuesta.',
      solution:
        'Un clip. Es de alambre de acero doblado, sujeta unas hojas de papel, suele ser plateado y funciona sin electricidad.',
    },
  },
};
