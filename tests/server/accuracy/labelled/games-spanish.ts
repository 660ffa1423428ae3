import type { ResolvedLeia } from '@server/runner/provider';
import { paperClipGameSpanish } from '../../runner/fixtures';
import type { GameQuestion } from './games';

/**
 * Games written in Spanish, played without a lexicon (WordNet is English): questions labelled by
 * hand from what each secret's text literally says, in other word forms (gender, number, the verb
 * for its participle or its infinitive) and in the usual ways of asking. The catalogue has no
 * Spanish LEIA, so the games are the Spanish paper clip fixture and a Spanish penguin written here.
 */

const PENGUIN_SPANISH = 'Juego del animal misterioso con Rosa';
const CLIP_SPANISH = 'Juego del objeto misterioso con Rosa';

const penguinGameSpanish: ResolvedLeia = {
  ...paperClipGameSpanish,
  problem: {
    ...paperClipGameSpanish.problem,
    spec: {
      ...paperClipGameSpanish.problem.spec,
      description: 'Un juego de adivinanzas de veinte preguntas sobre animales.',
      details:
        'El secreto es un animal. El jugador puede hacer hasta veinte preguntas, y cada intento cuenta como una pregunta. Lleva la cuenta y dile cuántas preguntas lleva cada vez que intente adivinar. Después de veinte preguntas sin acertar, revela la respuesta.',
      solution:
        'Un pingüino. Es un ave que no puede volar, nada muy bien, vive en los mares fríos del sur y en el hielo de la Antártida, come peces y calamares, es blanco y negro, camina erguido y pone huevos.',
    },
  },
};

/** The Spanish games by name, for the accuracy measure. */
export const SPANISH_GAMES: ReadonlyMap<string, ResolvedLeia> = new Map([
  [CLIP_SPANISH, paperClipGameSpanish],
  [PENGUIN_SPANISH, penguinGameSpanish],
]);

const of = (leia: string, label: GameQuestion['label'], ...asks: string[]): GameQuestion[] =>
  asks.map((ask) => ({ leia, ask, label }));

export const SPANISH_GAME_QUESTIONS: readonly GameQuestion[] = [
  ...of(
    CLIP_SPANISH,
    'yes',
    '¿Es de acero?',
    '¿Sujeta hojas de papel?',
    '¿Sirve para sujetar papeles?',
    '¿Es plateado?',
    '¿Funciona sin electricidad?',
    '¿Está en las mesas de oficina?',
    '¿Es pequeño?',
    '¿Es de alambre?',
    '¿Está doblado?',
    '¿Se usa con papel?',
  ),
  ...of(
    CLIP_SPANISH,
    'no',
    '¿Es de plástico?',
    '¿Es de madera?',
    '¿Necesita electricidad?',
    '¿Es grande?',
    '¿Es rojo?',
    '¿Sirve para cortar?',
    '¿Es electrónico?',
  ),
  ...of(CLIP_SPANISH, 'right', '¿Es un clip?', 'Mi respuesta es un clip.'),
  ...of(CLIP_SPANISH, 'wrong', '¿Es un bolígrafo?', '¿Es una grapadora?'),
  ...of(
    PENGUIN_SPANISH,
    'yes',
    '¿Es un animal?',
    '¿Es un ave?',
    '¿Puede nadar?',
    '¿Vive en el hielo?',
    '¿Vive en la Antártida?',
    '¿Come peces?',
    '¿Come calamares?',
    '¿Es blanco y negro?',
    '¿Pone huevos?',
    '¿Camina erguido?',
    '¿Vive en el mar?',
  ),
  ...of(
    PENGUIN_SPANISH,
    'no',
    '¿Puede volar?',
    '¿Vive en el desierto?',
    '¿Es verde?',
    '¿Tiene cuatro patas?',
    '¿Come hierba?',
    '¿Vive en los árboles?',
  ),
  ...of(PENGUIN_SPANISH, 'right', '¿Es un pingüino?'),
  ...of(PENGUIN_SPANISH, 'wrong', '¿Es una foca?', '¿Es una gaviota?'),
];
