import { fold, type Language, words } from './text';

/**
 * The simulator's own sentences, per language of the LEIA's texts. Each list offers variants that
 * are picked by a hash of the conversation, so replies vary without randomness.
 */
export interface Phrasebook {
  greetingWords: readonly string[];
  greeting: (firstName: string) => string;
  anonymousGreeting: string;
  /** After a greeting; the first is the usual one, the others are for Regenerate. */
  invites: readonly string[];
  myName: (fullName: string) => string;
  /** A persona sheet's label ("Nurse manager at X, 41"), as the persona says it. */
  roleAndAge: (role: string, age: string) => string;
  iAm: (role: string) => string;
  /** Questions about the persona itself, on folded text: who they are, what they are like. */
  asksWho: RegExp;
  asksPersonality: RegExp;
  /**
   * In-character answers to a question nothing the persona knows covers. They name no topic: a
   * list of the problem's words would tell a student where the solution lies.
   */
  deflections: readonly string[];
  /** Regenerate when every reply the simulator has for the message was already given. */
  noOtherAnswer: string;
  /** Openers by temperament; each ends a sentence so the fact after it keeps its capital. */
  openers: Record<Temperament, readonly string[]>;
  interviewOpening: string;
  /** A simulated interviewer's question about one topic ("the standing orders"). */
  topicQuestions: readonly ((topic: string) => string)[];
  interviewClosing: string;
  farewell: string;
}

export type Temperament = 'warm' | 'terse' | 'shy' | 'neutral';

export const PHRASES: Record<Language, Phrasebook> = {
  en: {
    greetingWords: ['hi', 'hello', 'hey', 'greetings', 'good morning', 'good afternoon', 'good evening'],
    greeting: (firstName) => `Hi, I'm ${firstName}.`,
    anonymousGreeting: 'Hi.',
    invites: ['What would you like to know?', 'How can I help?', 'What can I tell you?'],
    myName: (fullName) => `My name is ${fullName}.`,
    roleAndAge: (role, age) => `I'm ${role}, and I'm ${age}.`,
    iAm: (role) => `I'm ${role}.`,
    asksWho:
      /\b(who are you|about yourself|introduce yourself|what is your (job|work|role|position|occupation|background)|what's your (job|role))\b|\bwhat do you do( for a living| here| at work| exactly)?\W*$/,
    asksPersonality: /\b(what are you like|your personality|describe yourself|what kind of person)\b/,
    deflections: [
      "I'm not sure I can answer that. Could you ask me something narrower about my work?",
      "That's not something I deal with, I'm afraid.",
      "I'd have to check on that, I'm afraid.",
    ],
    noOtherAnswer: 'The offline simulator has no other answer to this message. Try asking it another way.',
    openers: {
      warm: ['Sure!', 'Of course.', 'Happy to tell you.'],
      terse: ['', 'Look.', 'Right.'],
      shy: ['Um...', 'Well...', 'Let me think...'],
      neutral: ['Well.', 'Let me see.', 'OK.'],
    },
    interviewOpening:
      'Hello, thank you for meeting me. Could you introduce yourself and tell me what you do?',
    topicQuestions: [
      (topic) => `Could you tell me about ${topic}?`,
      (topic) => `What can you tell me about ${topic}?`,
      (topic) => `And what about ${topic}?`,
    ],
    interviewClosing: 'Thank you, that is very helpful. I think I have what I need for now.',
    farewell: "You're welcome. Let me know if anything else comes up.",
  },
  es: {
    greetingWords: ['hola', 'buenas', 'buenos dias', 'buenas tardes', 'buenas noches', 'saludos'],
    greeting: (firstName) => `Hola, soy ${firstName}.`,
    anonymousGreeting: 'Hola.',
    invites: ['¿Qué le gustaría saber?', '¿En qué puedo ayudarle?', '¿Qué quiere que le cuente?'],
    myName: (fullName) => `Me llamo ${fullName}.`,
    roleAndAge: (role, age) => `Soy ${role} y tengo ${age} años.`,
    iAm: (role) => `Soy ${role}.`,
    asksWho:
      /(quien es usted|quien eres|a que se dedica|a que te dedicas|presentese|presentarse|presentate|cual es su (trabajo|puesto)|cual es tu (trabajo|puesto))/,
    asksPersonality: /(como es usted|como eres|su personalidad|tu personalidad|que tipo de persona)/,
    deflections: [
      'No estoy seguro de poder responder a eso. ¿Podría preguntarme algo más concreto sobre mi trabajo?',
      'Eso no es algo de lo que yo me ocupe.',
      'Tendría que comprobarlo, lo siento.',
    ],
    noOtherAnswer:
      'El simulador sin conexión no tiene otra respuesta para este mensaje. Pruebe a preguntarlo de otra manera.',
    openers: {
      warm: ['¡Claro!', 'Por supuesto.', 'Con mucho gusto.'],
      terse: ['', 'Mire.', 'Bien.'],
      shy: ['Eh...', 'Bueno...', 'Déjeme pensar...'],
      neutral: ['Bueno.', 'A ver.', 'Vale.'],
    },
    interviewOpening: 'Hola, gracias por atenderme. ¿Podría presentarse y contarme a qué se dedica?',
    topicQuestions: [
      (topic) => `¿Podría hablarme de ${topic}?`,
      (topic) => `¿Qué me puede contar de ${topic}?`,
      (topic) => `¿Y qué me dice de ${topic}?`,
    ],
    interviewClosing: 'Muchas gracias, me ha sido muy útil. Creo que por ahora tengo lo que necesito.',
    farewell: 'De nada. Si surge algo más, no dude en preguntarme.',
  },
};

const BOOKS = Object.values(PHRASES);
const GREETINGS = BOOKS.flatMap((book) => book.greetingWords).sort((a, b) => b.length - a.length);

/**
 * The greeting a message opens with ("Hi", "Good morning", "Hola"), folded, if any. Any
 * language's greeting counts: a student may greet a Spanish LEIA in English.
 */
export function greetingOf(message: string): string | undefined {
  const opening = words(message).slice(0, 2).map(fold).join(' ');
  return GREETINGS.find((greeting) => opening === greeting || opening.startsWith(`${greeting} `));
}

/** What a question asks about the persona itself, in any language. */
export function selfQuestion(message: string): 'who' | 'personality' | undefined {
  const folded = fold(message);
  if (BOOKS.some((book) => book.asksWho.test(folded))) return 'who';
  if (BOOKS.some((book) => book.asksPersonality.test(folded))) return 'personality';
  return undefined;
}

const TEMPERAMENT_WORDS: Record<Exclude<Temperament, 'neutral'>, readonly string[]> = {
  warm: [
    'friendly',
    'cheerful',
    'warm',
    'outgoing',
    'enthusiastic',
    'kind',
    'helpful',
    'talkative',
    'amable',
    'alegre',
    'simpatic',
    'cercan',
    'hablador',
  ],
  terse: [
    'impatient',
    'busy',
    'direct',
    'blunt',
    'brusque',
    'stressed',
    'serious',
    'impacient',
    'ocupad',
    'direct',
    'seri',
    'estresad',
    'brusc',
  ],
  shy: [
    'shy',
    'nervous',
    'insecure',
    'anxious',
    'hesitant',
    'reserved',
    'timid',
    'nervios',
    'insegur',
    'reservad',
    'indecis',
  ],
};

/** The persona's temperament, read from the first trait word its personality mentions. */
export function temperamentOf(personality: string): Temperament {
  for (const word of words(personality).map(fold)) {
    for (const [temperament, stems] of Object.entries(TEMPERAMENT_WORDS)) {
      if (stems.some((stem) => word.startsWith(stem))) return temperament as Temperament;
    }
  }
  return 'neutral';
}
