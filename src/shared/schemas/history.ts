import { z } from 'zod';
import { acceptableText } from '../input-rules';
import { DEFAULT_BUMP, VERSION_BUMPS } from '../semver';
import { itemOwnerSchema } from './visibility';

/**
 * Versions and lineage of personas, problems, behaviours and LEIAs: a change note per version, the
 * design a version was derived from, its history and its restore. Shared by the API and the screens.
 */

export const MAX_NOTE_LENGTH = 500;

export const HISTORY_TEXTS = {
  noteTooLong: `A change note must be at most ${MAX_NOTE_LENGTH} characters`,
  derivedFromId: 'derivedFrom must be the id of the design it was made from',
  derivedFromNotFound: 'The design this is derived from was not found',
  restoredFrom: (version: string) => `Restored from v${version}`,
  derivedFromLabel: (name: string, version: string) => `Derived from ${name} v${version}`,
  derivedFromPrivate: 'Derived from a private design',
  bump: `Bump must be one of: ${VERSION_BUMPS.join(', ')}`,
} as const;

/** An optional change note: trimmed, blank = none, at most 500 characters. */
export const noteSchema = z
  .string()
  .trim()
  .max(MAX_NOTE_LENGTH, HISTORY_TEXTS.noteTooLong)
  .superRefine(acceptableText('Note'))
  .optional()
  .transform((note) => note || undefined);

/** What create bodies accept besides the item itself. */
export const historyFieldsShape = {
  note: noteSchema,
  /** The id of the item (same kind) this one was made from: Design from this, an edited part. */
  derivedFrom: z.uuid({ error: HISTORY_TEXTS.derivedFromId }).optional(),
};

/**
 * Where an item came from, as the caller may know it: a link, or only the fact when they may not
 * read the source (a lineage link never reveals the name of an item the caller may not read).
 */
export const derivedFromSchema = z.discriminatedUnion('visible', [
  z.object({ visible: z.literal(true), id: z.string(), name: z.string(), version: z.string() }),
  z.object({ visible: z.literal(false) }),
]);
export type DerivedFrom = z.infer<typeof derivedFromSchema>;

/** One version in a history (metadata only: no content, so it is safe for every viewer). */
export const versionEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  createdAt: z.string(),
  /** Who owns the design: every version of it, whoever made it. */
  user: itemOwnerSchema,
  /** Who made this version (an admin may version another's design); null once their account is deleted. */
  author: itemOwnerSchema.nullish(),
  isPublished: z.boolean(),
  note: z.string().optional(),
});
export type VersionEntry = z.infer<typeof versionEntrySchema>;

/** GET .../{id}/lineage: where it came from, and the designs made from it that the caller may read. */
export const lineageSchema = z.object({
  derivedFrom: derivedFromSchema.optional(),
  derived: z.array(versionEntrySchema),
});
export type Lineage = z.infer<typeof lineageSchema>;

/** POST .../{id}/restore: a new version (bumped from the latest) with this version's content. */
export const restoreBodySchema = z.object({
  bump: z.enum(VERSION_BUMPS, { error: HISTORY_TEXTS.bump }).default(DEFAULT_BUMP),
});
