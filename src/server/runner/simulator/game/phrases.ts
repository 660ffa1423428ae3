import type { Language } from '../text';

/**
 * What the host of a guessing game says, and how it reads the player's messages, per language.
 * Each list of variants starts with the usual wording; the others are for Regenerate.
 */
export interface GameBook {
  /** Patterns on the folded message (greeting already removed). */
  asksRules: RegExp;
  /** "Shall we play?", "I'm ready": the host introduces the round. */
  asksToPlay: RegExp;
  asksCount: RegExp;
  asksHint: RegExp;
  /** "I give up", "What is it?": asks for the secret itself. */
  asksSecret: RegExp;
  /** "Is it a ...", "My guess is ...": captures the guessed phrase; group 1 = explicit guess wording. */
  guess: RegExp;
  open: RegExp;
  yesNo: RegExp;
  /** A thing named on its own, as a guess: "Stapler?", "Washing machine?", "Penguin!". */
  namedAlone: RegExp;
  /** Guess wordings that also ask about it ("could it be", "can it be": "Can it be found in a kitchen?"). */
  mayBe: RegExp;
  /** The message is about the secret ("it", "the object"); languages that drop the subject match all. */
  aboutSecret: RegExp;
  /** What open questions ask about, and which clauses answer them. */
  topics: readonly { asks: RegExp; answeredBy: RegExp }[];
  place: RegExp;
  /** The rules' "The secret is X" as a fact about the secret. */
  isCategory: (category: string) => string;
  number: (n: number) => string;
  intro: (category: string | undefined, limit: number | undefined, guessesCount: boolean) => string;
  ready: string;
  rules: (limit: number | undefined, guessesCount: boolean, reveal: boolean) => string;
  yes: readonly string[];
  qualified: (qualifier: string) => readonly string[];
  sometimes: readonly string[];
  no: readonly string[];
  depends: readonly string[];
  /** "No, it works without electricity." : a no with the fact that says so. */
  noBecause: (fact: string) => readonly string[];
  right: (secret: string, used: number) => readonly string[];
  close: readonly string[];
  wrong: (guess: string) => readonly string[];
  unknown: readonly string[];
  offTopic: readonly string[];
  keepSecret: readonly string[];
  notYet: (used: number, limit: number | undefined) => readonly string[];
  hint: (fact: string) => readonly string[];
  noHint: readonly string[];
  count: (used: number, limit: number | undefined) => string;
  lastQuestion: string;
  reveal: (secret: string) => string;
  advice: (example: string | undefined) => string;
  over: (secret: string | undefined) => readonly string[];
  opening: string;
  /** A question for a simulated game whose answer is almost always no. */
  probe: string;
  guessQuestion: (secret: string) => string;
  closing: string;
  farewell: string;
}

const EN_NUMBERS =
  `zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
  sixteen seventeen eighteen nineteen twenty`.split(/\s+/);
const ES_NUMBERS =
  `cero una dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis
  diecisiete dieciocho diecinueve veinte`.split(/\s+/);

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export const GAME_PHRASES: Record<Language, GameBook> = {
  en: {
    asksRules: /\b(rules|how (do|does) (i|we|you|this game|the game) (play|work)|how to play)\b/,
    asksToPlay: /\b(play|start|begin|ready|let's go)\b/,
    asksCount:
      /\bhow many (questions|guesses)\b|\bquestions (have i|do i have|are) (used|left)\b|\b(my|the) (count|score)\b/,
    asksHint: /\b(hint|clue)\b/,
    asksSecret:
      /\b(i give up|give up|tell me (what it is|the answer|the secret)|what (is|was) it called|what('s| is) its name|what('s| is| was) the (answer|secret))\b|^(so )?what('s| is| was) it\??$/,
    guess:
      /^(?:so|ok|okay|then|hmm+|well)?,?\s*(?:(my (?:final |last )?guess is|my (?:final |last )?answer is|(?:i'll|i will|let me) guess|i guess it's|i guess it is|i guess|i think it's|i think it is|i'd guess|i'd say|the answer is|final answer|is the (?:answer|secret|object)|could it be|can it be|would it be|might it be|is it maybe|maybe it's)|is it|it's|it is)\s*:?\s+(.+?)[?.!]*$/,
    open: /^(what|what's|whats|which|where|how|who|when|why)\b/,
    yesNo:
      /^(is|are|does|do|can|could|would|will|has|have|was|were|did|should|might|may|isn't|doesn't)\b|\?$/,
    mayBe: /\b(could|can|would|might) it be$/,
    namedAlone: /^(?:an?\s+|the\s+)?[\p{L}-]+(?:\s+[\p{L}-]+){0,2}\s*[?!]$/u,
    aboutSecret:
      /\b(it|its|it's|there|the secret|the object|the thing|your object|your secret|your thing|one)\b/,
    topics: [
      {
        asks: /\bcolou?rs?\b/,
        answeredBy:
          /\b(black|white|grey|gray|red|blue|green|yellow|brown|silver|gold|orange|pink|purple|colou?rs?)\b/,
      },
      { asks: /\b(made of|made from|made out of|material)\b/, answeredBy: /\b(made|material)\b/ },
      {
        asks: /\b(how big|how large|how small|size|dimensions|how heavy|weigh)\b/,
        answeredBy: /\b(fits?|size|big|small|large|heavy|light|hand|cm|weighs?)\b/,
      },
      {
        asks: /\b(cost|price|how much|expensive|cheap)\b/,
        answeredBy: /\b(costs?|price|euros?|dollars?|pounds?)\b/,
      },
      {
        asks: /\b(power|powered|energy|electricity|batter(y|ies)|plug)\b/,
        answeredBy: /\b(electric\w*|batter(y|ies)|power\w*)\b/,
      },
      {
        asks: /^where\b|\bwhere (is|do|would|can|are)\b/,
        answeredBy: /\b(used|found|kept|stored|lives?)\s+(on|in|at)\b/,
      },
      {
        asks: /\bwhat (does it do|is it for|is it used for|do you do with it|can it do|can you do with it)\b|\bpurpose\b|\bused for\b/,
        answeredBy: /^(?!(is|are|has|can|fits|costs|works|weighs|comes|looks)\b)\w+s\b/,
      },
    ],
    place: /\b(used|found|kept|stored)\s+(on|in|at)\b/,
    isCategory: (category) => `It is ${category}`,
    number: (n) => EN_NUMBERS[n] ?? String(n),
    intro: (category, limit, guessesCount) =>
      [
        category ? `I'm thinking of ${category}.` : "I'm thinking of something.",
        limit
          ? `You have ${EN_NUMBERS[limit] ?? limit} questions to find out what it is${guessesCount ? ', and every guess counts as one' : ''}.`
          : 'Ask me questions to find out what it is.',
        'Go ahead!',
      ].join(' '),
    ready: 'Shall we play? Ask me your first question.',
    rules: (limit, guessesCount, reveal) =>
      [
        limit
          ? `You can ask me up to ${EN_NUMBERS[limit] ?? limit} questions${guessesCount ? ', and every guess counts as one' : ''}.`
          : 'You can ask me as many questions as you like.',
        'I answer yes/no questions with a yes or a no, and other questions with one short fact.',
        reveal && limit ? "If you haven't found it by the last question, I'll tell you what it was." : '',
      ]
        .filter(Boolean)
        .join(' '),
    yes: ['Yes.', 'Yes, that’s right.', 'Yes, correct.'],
    qualified: (qualifier) => [
      `Yes, ${qualifier === 'most' ? 'mostly' : qualifier}.`,
      `${qualifier === 'most' ? 'Mostly' : qualifier.charAt(0).toUpperCase() + qualifier.slice(1)}, yes.`,
    ],
    sometimes: ['Sometimes.', 'Sometimes, yes.'],
    no: ['No.', 'No, not at all.', 'No, I’m afraid not.'],
    depends: ['That depends.', 'That depends; try asking it another way.'],
    noBecause: (fact) => [`No, ${lower(fact)}`, `No. ${fact}`],
    right: (secret, used) => [
      `Yes! It's ${secret}. Well done, you got it with ${used} ${used === 1 ? 'question' : 'questions'}!`,
      `Correct, it's ${secret}! Congratulations: ${used} ${used === 1 ? 'question' : 'questions'}.`,
    ],
    close: ['Close! Can you be more precise?', "You're close. Try to be more precise."],
    wrong: (guess) => [`No, it isn't ${guess}.`, `No, not ${guess}.`],
    unknown: [
      "I can't answer that one; try a yes/no question.",
      'That I can’t tell you. Ask me a yes/no question instead.',
    ],
    offTopic: [
      "Let's keep to the game: ask me a question about my secret.",
      'Back to the game! What would you like to ask about my secret?',
    ],
    keepSecret: ["That's for you to find out!", 'Nice try! You have to find it out with your questions.'],
    notYet: (used, limit) => [
      limit
        ? `Not yet! I'll tell you after ${EN_NUMBERS[limit] ?? limit} questions, and you've used ${used}. Keep going, or ask me for a hint.`
        : "Don't give up yet! Keep asking, or ask me for a hint.",
      limit
        ? `Don't give up! You still have ${limit - used} ${limit - used === 1 ? 'question' : 'questions'} left.`
        : 'Not yet! Ask me for a hint if you are stuck.',
    ],
    hint: (fact) => [`A small hint: ${lower(fact)}`, `Here is a hint: ${lower(fact)}`],
    noHint: ["I'd rather not give hints; keep asking!"],
    count: (used, limit) =>
      limit
        ? `You've used ${used} of your ${limit} questions.`
        : `You've asked ${used} ${used === 1 ? 'question' : 'questions'} so far.`,
    lastQuestion: 'That was your last question.',
    reveal: (secret) => `It was ${secret}!`,
    advice: (example) =>
      `Asking what it is for and where it is used would have narrowed it down fastest. ${
        example
          ? `A question like "${example}" rules out most other things at once.`
          : 'Those two questions rule out most other things at once.'
      }`,
    over: (secret) =>
      secret
        ? [`This round is over: it was ${secret}. Start a new conversation to play again.`]
        : ['This round is over. Start a new conversation to play again.'],
    opening: 'Hi! Shall we play?',
    probe: 'Is it alive?',
    guessQuestion: (secret) => `Is it ${secret}?`,
    closing: 'Thanks, that was fun!',
    farewell: 'Thank you for playing!',
  },
  es: {
    asksRules: /\b(reglas|como se juega|como jugamos)\b/,
    asksToPlay: /\b(jugar|jugamos|empezar|empezamos|listo|lista)\b/,
    asksCount: /\bcuantas (preguntas|veces)\b|\b(la cuenta|el marcador)\b/,
    asksHint: /\b(pista|ayuda)\b/,
    asksSecret: /\b(me rindo|dime (que|lo que) es|cual es la respuesta|como se llama)\b|^que es\??$/,
    guess:
      /^(?:entonces|vale|bueno)?,?\s*(?:(mi respuesta es|creo que es|la respuesta es|podria ser|sera)|es)\s+(.+?)[?.!]*$/,
    open: /^(que|cual|cuanto|cuanta|donde|como|quien|cuando|por que|para que|de que)\b/,
    yesNo: /^(es|esta|tiene|puede|sirve|se|hay|lleva|funciona|usa|necesita)\b|\?$/,
    mayBe: /\b(podria ser|sera)$/,
    namedAlone: /^(?:una?\s+|el\s+|la\s+)?[\p{L}-]+(?:\s+[\p{L}-]+){0,2}\s*[?!]$/u,
    aboutSecret: /^(?!.*\b(jugar|jugamos|empezar|empezamos)\b)/,
    topics: [
      {
        asks: /\bcolor(es)?\b/,
        answeredBy:
          /\b(negr\w*|blanc\w*|gris\w*|roj\w*|azul\w*|verde\w*|amarill\w*|platead\w*|dorad\w*|color\w*)\b/,
      },
      { asks: /\b(de que esta hecho|material)\b/, answeredBy: /\b(hech\w*|material)\b/ },
      { asks: /\b(tamano|grande|pequeno)\b/, answeredBy: /\b(cabe|tamano|grande|pequen\w*|mano)\b/ },
      { asks: /\b(cuesta|precio|cuanto vale)\b/, answeredBy: /\b(cuesta|precio|euros?)\b/ },
      { asks: /^donde\b/, answeredBy: /\b(se usa|se encuentra|esta) en\b/ },
      { asks: /\bpara que\b/, answeredBy: /\b(sirve|se usa) para\b/ },
    ],
    place: /\b(se usa|se encuentra) en\b/,
    isCategory: (category) => `Es ${category}`,
    number: (n) => ES_NUMBERS[n] ?? String(n),
    intro: (category, limit, guessesCount) =>
      [
        category ? `Estoy pensando en ${category}.` : 'Estoy pensando en algo.',
        limit
          ? `Tiene ${ES_NUMBERS[limit] ?? limit} preguntas para descubrir qué es${guessesCount ? ', y cada intento cuenta como una' : ''}.`
          : 'Hágame preguntas para descubrir qué es.',
        '¡Adelante!',
      ].join(' '),
    ready: '¿Jugamos? Hágame su primera pregunta.',
    rules: (limit, guessesCount, reveal) =>
      [
        limit
          ? `Puede hacerme hasta ${ES_NUMBERS[limit] ?? limit} preguntas${guessesCount ? ', y cada intento cuenta como una' : ''}.`
          : 'Puede hacerme todas las preguntas que quiera.',
        'Respondo sí o no a las preguntas cerradas, y con un dato breve a las demás.',
        reveal && limit ? 'Si no lo ha descubierto con la última pregunta, le diré qué era.' : '',
      ]
        .filter(Boolean)
        .join(' '),
    yes: ['Sí.', 'Sí, así es.'],
    qualified: (qualifier) => [`Sí, ${qualifier}.`, `Sí, casi siempre.`],
    sometimes: ['A veces.', 'A veces, sí.'],
    no: ['No.', 'No, en absoluto.'],
    depends: ['Depende.', 'Depende; pruebe a preguntarlo de otra manera.'],
    noBecause: (fact) => [`No, ${lower(fact)}`, `No. ${fact}`],
    right: (secret, used) => [
      `¡Sí! Es ${secret}. ¡Enhorabuena, lo ha descubierto con ${used} preguntas!`,
      `¡Correcto, es ${secret}! Enhorabuena: ${used} preguntas.`,
    ],
    close: ['¡Caliente! ¿Puede ser más preciso?', 'Se acerca. Intente ser más preciso.'],
    wrong: (guess) => [`No, no es ${guess}.`, `No, ${guess} no.`],
    unknown: ['Eso no se lo puedo responder; pruebe con una pregunta de sí o no.'],
    offTopic: ['Sigamos con el juego: hágame una pregunta sobre mi secreto.'],
    keepSecret: [
      '¡Eso tiene que descubrirlo usted!',
      '¡Buen intento! Tiene que descubrirlo con sus preguntas.',
    ],
    notYet: (used, limit) => [
      limit
        ? `¡Todavía no! Se lo diré después de ${ES_NUMBERS[limit] ?? limit} preguntas, y lleva ${used}. Siga, o pídame una pista.`
        : '¡No se rinda! Siga preguntando, o pídame una pista.',
    ],
    hint: (fact) => [`Una pequeña pista: ${lower(fact)}`],
    noHint: ['Prefiero no dar pistas; ¡siga preguntando!'],
    count: (used, limit) => (limit ? `Lleva ${used} de sus ${limit} preguntas.` : `Lleva ${used} preguntas.`),
    lastQuestion: 'Esa era su última pregunta.',
    reveal: (secret) => `¡Era ${secret}!`,
    advice: (example) =>
      `Preguntar para qué sirve y dónde se usa lo habría acotado más rápido. ${
        example
          ? `Una pregunta como «${example}» descarta casi todo lo demás.`
          : 'Esas dos preguntas descartan casi todo lo demás.'
      }`,
    over: (secret) =>
      secret
        ? [`Esta ronda ha terminado: era ${secret}. Empiece una conversación nueva para volver a jugar.`]
        : ['Esta ronda ha terminado. Empiece una conversación nueva para volver a jugar.'],
    opening: '¡Hola! ¿Jugamos?',
    probe: '¿Está vivo?',
    guessQuestion: (secret) => `¿Es ${secret}?`,
    closing: 'Gracias, ha sido divertido.',
    farewell: '¡Gracias por jugar!',
  },
};
