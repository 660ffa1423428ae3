import type { PlainObject } from './values';

export const LEIA_PART_KINDS = ['persona', 'problem', 'behaviour'] as const;
export type LeiaPartKind = (typeof LEIA_PART_KINDS)[number];

export type Spec = PlainObject;

/**
 * One part of a LEIA as the engine needs it: anything with a `spec` (a stored resource, a request
 * body, a wizard draft). Other fields (id, apiVersion, metadata, timestamps, ...) are carried over
 * into the result untouched; constraints may read them (e.g. `persona.metadata.name`).
 */
export interface LeiaPart {
  id?: string;
  apiVersion?: string;
  metadata?: Readonly<PlainObject>;
  spec: Spec;
}

export interface LeiaParts<
  P extends LeiaPart = LeiaPart,
  Q extends LeiaPart = LeiaPart,
  B extends LeiaPart = LeiaPart,
> {
  persona: P;
  problem: Q;
  behaviour: B;
}

/** A part after generation: same fields, spec extended, overridden and with placeholders filled. */
export type ResolvedPart<T extends LeiaPart> = Omit<T, 'spec'> & { spec: Spec };

export type ResolvedLeia<
  P extends LeiaPart = LeiaPart,
  Q extends LeiaPart = LeiaPart,
  B extends LeiaPart = LeiaPart,
> = {
  persona: ResolvedPart<P>;
  problem: ResolvedPart<Q>;
  behaviour: ResolvedPart<B>;
};

/**
 * `warnings` lists what was ignored (extensions and overrides outside a spec or at missing paths);
 * they are also sent to the logger.
 */
export type GenerateResult<
  P extends LeiaPart = LeiaPart,
  Q extends LeiaPart = LeiaPart,
  B extends LeiaPart = LeiaPart,
> =
  | { ok: true; leia: ResolvedLeia<P, Q, B>; warnings: string[] }
  | { ok: false; errors: string[]; warnings: string[] };

/** Where ignored edits are reported; pass `silentLogger` in tests and benchmarks. */
export interface EngineLogger {
  warn(message: string): void;
}

export const consoleLogger: EngineLogger = { warn: (message) => console.warn(message) };
export const silentLogger: EngineLogger = { warn: () => {} };

export interface GenerateOptions {
  /** Defaults to `consoleLogger`. */
  logger?: EngineLogger;
  /** Largest resolved LEIA, in characters of text; defaults to MAX_LEIA_CHARS. */
  maxChars?: number;
}
