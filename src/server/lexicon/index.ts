import { createRequire } from 'node:module';
import type { Concept, Lexicon, WordClass } from '@shared/lexicon';
import { type PartOfSpeech, type Synset, WordNet } from './wordnet';

/**
 * The server's Lexicon, from WordNet (wordnet.ts). Nothing is read until a word is first asked
 * about; each answer is remembered (a bounded cache), so a conversation's words are looked up
 * once. Only a word's usual senses count (those WordNet saw in its tagged texts, at most
 * MAX_SENSES): "send" stands for "post" and "mail", not for every rare sense it has.
 */

const MAX_SENSES = 3;
const BROADER_DEPTH = 3;
const CONCEPT_DEPTH = 10;
const MAX_REMEMBERED = 20_000;
/** Kinds whose parts the thing has too (a penguin is a bird: a beak, wings, feathers). */
const PART_LEVELS = 5;

/** WordNet's detachment rules: how an inflected form reaches its base form, per part of speech. */
const DETACH: Record<PartOfSpeech, [string, string][]> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  a: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  r: [],
};

type Sense = { lemma: string; pos: PartOfSpeech; synset: Synset };

let irregular: Map<string, string> | undefined;

/** "sent" -> "send", "eaten" -> "eat": the irregular past forms (english-verbs-irregular), read on first use. */
function irregularBase(word: string): string | undefined {
  if (!irregular) {
    const verbs = createRequire(import.meta.url)('english-verbs-irregular/dist/verbs.json') as Record<
      string,
      string[][]
    >;
    irregular = new Map();
    for (const [base, forms] of Object.entries(verbs))
      for (const form of forms.flat()) if (form !== base && !irregular.has(form)) irregular.set(form, base);
  }
  return irregular.get(word);
}

class WordNetLexicon implements Lexicon {
  readonly #wordnet: WordNet;
  readonly #memo = new Map<string, unknown>();

  constructor(wordnet: WordNet) {
    this.#wordnet = wordnet;
  }

  #remember<T>(key: string, make: () => T): T {
    if (this.#memo.has(key)) return this.#memo.get(key) as T;
    const value = make();
    if (this.#memo.size >= MAX_REMEMBERED) this.#memo.clear();
    this.#memo.set(key, value);
    return value;
  }

  /** [lemma, part of speech] pairs WordNet knows for a word as written. */
  #bases(word: string): [string, PartOfSpeech][] {
    return this.#remember(`bases:${word}`, () => {
      const found: [string, PartOfSpeech][] = [];
      const known = (lemma: string, pos: PartOfSpeech) =>
        lemma.length > 1 && this.#wordnet.senses(lemma, pos).length > 0;
      for (const pos of ['n', 'v', 'a', 'r'] as const) {
        // The base form first: "hands" is a hand before it is custody.
        for (const [ending, replacement] of DETACH[pos]) {
          if (!word.endsWith(ending)) continue;
          const base = word.slice(0, word.length - ending.length) + replacement;
          if (known(base, pos)) {
            found.push([base, pos]);
            break;
          }
        }
        if (known(word, pos)) found.push([word, pos]);
      }
      const verb = irregularBase(word);
      if (verb && known(verb, 'v')) found.unshift([verb, 'v']);
      return found;
    });
  }

  /** The usual senses of a word, in every part of speech it has. */
  #senses(word: string, only?: readonly PartOfSpeech[], most = MAX_SENSES): Sense[] {
    const senses: Sense[] = [];
    for (const [lemma, pos] of this.#bases(word)) {
      if (only && !only.includes(pos)) continue;
      const entry = this.#wordnet.entry(lemma, pos);
      const usual = Math.max(1, Math.min(entry.tagged, most));
      for (const offset of entry.offsets.slice(0, usual)) {
        senses.push({ lemma, pos, synset: this.#wordnet.synset(offset, pos) });
      }
    }
    return senses;
  }

  wordClasses(word: string): readonly WordClass[] {
    const classes: Record<PartOfSpeech, WordClass> = { n: 'noun', v: 'verb', a: 'adjective', r: 'adverb' };
    const bases = this.#bases(word.toLowerCase());
    // The class it is used in most (the most senses seen in WordNet's tagged texts) first.
    const used = (pos: PartOfSpeech) =>
      Math.max(
        ...bases.filter(([, of]) => of === pos).map(([lemma]) => this.#wordnet.entry(lemma, pos).tagged),
      );
    const found = [...new Set(bases.map(([, pos]) => pos))].sort((a, b) => used(b) - used(a));
    return found.map((pos) => classes[pos]);
  }

  lemmas(word: string): readonly string[] {
    return [...new Set(this.#bases(word.toLowerCase()).map(([lemma]) => lemma))];
  }

  related(word: string, senses = MAX_SENSES): ReadonlySet<string> {
    const folded = word.toLowerCase();
    return this.#remember(`related:${senses}:${folded}`, () => {
      const related = new Set<string>();
      for (const { lemma, synset } of this.#senses(folded, undefined, senses)) {
        for (const synonym of synset.words) related.add(synonym);
        const position = synset.words.indexOf(lemma) + 1;
        for (const pointer of synset.pointers) {
          // Derived forms and "pertains to" are links between words; similar adjectives between senses.
          const lexical = pointer.symbol === '+' || pointer.symbol === '\\';
          if (!lexical && pointer.symbol !== '&') continue;
          if (lexical && pointer.source !== 0 && pointer.source !== position) continue;
          const target = this.#wordnet.synset(pointer.offset, pointer.pos);
          const words = pointer.target > 0 ? [target.words[pointer.target - 1] ?? ''] : target.words;
          for (const other of words) if (other) related.add(other);
        }
      }
      related.delete(folded);
      return related;
    });
  }

  broader(
    word: string,
    depth = BROADER_DEPTH,
    senses = MAX_SENSES,
    classes: readonly ('noun' | 'verb')[] = ['noun', 'verb'],
  ): ReadonlySet<string> {
    const folded = word.toLowerCase();
    const pos = classes.map((wordClass) => (wordClass === 'noun' ? 'n' : 'v'));
    return this.#remember(`broader:${depth}:${senses}:${pos.join('')}:${folded}`, () => {
      const broader = new Set<string>();
      let level = this.#senses(folded, pos, senses).map((sense) => sense.synset);
      for (let step = 0; step < depth && level.length > 0; step++) {
        level = level.flatMap((synset) => this.#hypernyms(synset));
        for (const synset of level) for (const other of synset.words) broader.add(other);
      }
      return broader;
    });
  }

  opposites(word: string): ReadonlySet<string> {
    const folded = word.toLowerCase();
    return this.#remember(`opposites:${folded}`, () => {
      const opposites = new Set<string>();
      for (const { lemma, synset } of this.#senses(folded)) {
        const position = synset.words.indexOf(lemma) + 1;
        const antonyms = synset.pointers.filter(
          (pointer) => pointer.symbol === '!' && (pointer.source === 0 || pointer.source === position),
        );
        // A satellite adjective ("big") has its opposite through the head it is similar to ("large").
        for (const similar of synset.pointers.filter(
          (pointer) => pointer.symbol === '&' && antonyms.length === 0,
        ))
          antonyms.push(
            ...this.#wordnet
              .synset(similar.offset, similar.pos)
              .pointers.filter((pointer) => pointer.symbol === '!'),
          );
        for (const pointer of antonyms) {
          const target = this.#wordnet.synset(pointer.offset, pointer.pos);
          const words = pointer.target > 0 ? [target.words[pointer.target - 1] ?? ''] : target.words;
          for (const other of words) if (other) opposites.add(other);
        }
      }
      return opposites;
    });
  }

  concept(noun: string, context = ''): Concept | undefined {
    const folded = noun.toLowerCase().trim();
    return this.#remember(`concept:${folded}|${context}`, () => {
      const senses = this.#wordnet.senses(folded, 'n').map((offset) => this.#wordnet.synset(offset, 'n'));
      if (senses.length === 0) return undefined;
      const wanted = new Set(context.toLowerCase().match(/[a-z]+/g) ?? []);
      const chains = senses.map((synset) => this.#chain(synset));
      const overlap = (index: number) => {
        const text = [senses[index]!, ...chains[index]!]
          .map((s) => `${s.words.join(' ')} ${s.gloss}`)
          .join(' ');
        return new Set((text.toLowerCase().match(/[a-z]+/g) ?? []).filter((word) => wanted.has(word))).size;
      };
      let best = 0;
      for (let index = 1; index < senses.length; index++) if (overlap(index) > overlap(best)) best = index;
      const synset = senses[best]!;
      const chain = chains[best]!;
      const parts = [synset, ...chain.slice(0, PART_LEVELS)].flatMap((owner) =>
        owner.pointers
          .filter((pointer) => /^%[pms]$/.test(pointer.symbol))
          .flatMap((pointer) => this.#wordnet.synset(pointer.offset, pointer.pos).words),
      );
      const narrower = synset.pointers
        .filter((pointer) => pointer.symbol === '~')
        .flatMap((pointer) => this.#wordnet.synset(pointer.offset, pointer.pos).words);
      const wholes = synset.pointers
        .filter((pointer) => pointer.symbol === '#p')
        .flatMap((pointer) => this.#wordnet.synset(pointer.offset, pointer.pos).words);
      return {
        words: synset.words,
        gloss: synset.gloss,
        wholes: [...new Set(wholes)],
        broader: chain.map((level) => ({ words: level.words, gloss: level.gloss })),
        parts: [...new Set(parts)],
        narrower: [...new Set(narrower)],
      };
    });
  }

  #hypernyms(synset: Synset): Synset[] {
    return synset.pointers
      .filter((pointer) => pointer.symbol === '@' || pointer.symbol === '@i')
      .map((pointer) => this.#wordnet.synset(pointer.offset, pointer.pos));
  }

  /** The first line of broader kinds up to the top ("machine", "device", ... "entity"). */
  #chain(synset: Synset): Synset[] {
    const chain: Synset[] = [];
    let current = this.#hypernyms(synset)[0];
    while (current && chain.length < CONCEPT_DEPTH) {
      chain.push(current);
      current = this.#hypernyms(current)[0];
    }
    return chain;
  }
}

let shared: WordNetLexicon | undefined;

/** The process's lexicon: made on first use (no file is opened before a word is looked up). */
export function serverLexicon(): Lexicon {
  shared ??= new WordNetLexicon(new WordNet());
  return shared;
}
