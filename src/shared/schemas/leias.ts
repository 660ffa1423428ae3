import { z } from 'zod';
import { isValidVersion } from '../semver';
import { historyFieldsShape } from './history';
import { metadataSchema } from './resources';
import { itemOwnerSchema, visibilitySchema } from './visibility';

/** Request and response shapes of /api/v1/leias (the product's API contract). */

export const LEIA_TEXTS = {
  partRequired: (kind: string) => `A ${kind} id is required`,
  specRequired: 'Spec with persona, problem and behaviour ids is required',
  version: "Version must be 'latest', empty (all versions) or x.y.z",
  cursor: 'Cursor is not valid; pass the x-next-cursor value of the previous page',
  sort: "Sort must be 'newest', 'name' or 'relevance'",
} as const;

const partId = (kind: string) =>
  z
    .string({ error: LEIA_TEXTS.partRequired(kind) })
    .trim()
    .min(1, LEIA_TEXTS.partRequired(kind));

/** POST /api/v1/leias: a LEIA whose spec references the three resources by id. */
export const leiaCreateBodySchema = z.object({
  ...historyFieldsShape,
  metadata: metadataSchema,
  spec: z.object(
    { persona: partId('persona'), problem: partId('problem'), behaviour: partId('behaviour') },
    { error: LEIA_TEXTS.specRequired },
  ),
});
export type LeiaCreateBody = z.input<typeof leiaCreateBodySchema>;

/**
 * `max`: the most rows a page asked for with `limit` may hold. `whole`: what a call without `limit`
 * answers, every match up to that cap (the original client never pages nor reads headers, and
 * expects the whole list); our Search always asks for its pages.
 */
export const LEIA_PAGE_SIZE = { max: 200, whole: 1000 } as const;
/** `fields` values of GET /api/v1/leias. */
export const LIST_FIELDS = { summary: 'summary' } as const;

/**
 * Orders of GET /api/v1/leias. `newest`: by creation, newest first. `name`: A to Z. `relevance`
 * (with text): names equal to the text, then names starting with it, then names containing it, then
 * the rest; without text it is `newest`. With all versions, the versions of one name stay together,
 * highest first, the group placed by its newest version (or its best match).
 */
export const LEIA_SORTS = ['newest', 'name', 'relevance'] as const;
export type LeiaSort = (typeof LEIA_SORTS)[number];

/**
 * Two cursor forms, parsed whole before the database sees them. Newest first over one version per
 * name pages by key, `<created_at in µs since the epoch>_<id>` (at most 16 digits, until the year
 * 2286, and a real uuid); the other orders page by position, `o<rows already sent>`.
 */
const KEY_CURSOR = /^\d{1,16}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OFFSET_CURSOR = /^o\d{1,7}$/;
export type LeiaListCursor = { micros: string; id: string } | { offset: number };
/** Response header that carries the cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
/** Response header of the first page (no cursor): how many LEIAs match, on every page together. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/**
 * GET /api/v1/leias. `text`: case-insensitive "contains" over name and description (trimmed; blank
 * = no filter). `version`: 'latest' = each name's highest version among the rows the visibility keeps,
 * '' or absent = all versions, 'x.y.z' = exactly that version. `sort`: see LEIA_SORTS. `limit`: rows
 * per page, 1 to 200; absent = every match up to 1,000 (LEIA_PAGE_SIZE). `cursor`: the previous
 * page's x-next-cursor header.
 */
export const leiaListQuerySchema = z.object({
  /** Runs of whitespace become one space (a search box is one line; see leias.search_text). */
  text: z
    .string()
    .trim()
    .max(200, 'Search text must be at most 200 characters')
    .transform((text) => text.replace(/\s+/g, ' '))
    .optional(),
  version: z
    .string({ error: LEIA_TEXTS.version })
    .trim()
    .refine((value) => value === 'latest' || value === '' || isValidVersion(value), LEIA_TEXTS.version)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  visibility: visibilitySchema,
  /** 'me' = only the caller's own LEIAs ('My LEIAs'); absent = everyone's. */
  owner: z.literal('me', { error: "Owner must be 'me' or absent" }).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(LEIA_PAGE_SIZE.max, `Limit must be at most ${LEIA_PAGE_SIZE.max}`)
    // A default skips the checks above: absent means the whole list, up to its own cap.
    .default(LEIA_PAGE_SIZE.whole),
  /** 'summary' = rows without `spec` (our Search); absent = the whole LEIA of the contract. */
  fields: z.literal(LIST_FIELDS.summary, { error: "Fields must be 'summary' or absent" }).optional(),
  sort: z.enum(LEIA_SORTS, { error: LEIA_TEXTS.sort }).default('newest'),
  cursor: z
    .string()
    .refine((value) => KEY_CURSOR.test(value) || OFFSET_CURSOR.test(value), LEIA_TEXTS.cursor)
    .transform((value): LeiaListCursor => {
      if (value.startsWith('o')) return { offset: Number(value.slice(1)) };
      const [micros, id] = value.split('_') as [string, string];
      return { micros, id };
    })
    .optional(),
});
export type LeiaListQuery = z.output<typeof leiaListQuerySchema>;
/** What a client may send (every field optional). */
export type LeiaListParams = z.input<typeof leiaListQuerySchema>;

/** A part as stored in a LEIA: the resolved copy (extends, overrides and placeholders applied). */
export const leiaPartCopySchema = z.object({
  id: z.string(),
  apiVersion: z.string(),
  metadata: z.object({ name: z.string(), version: z.string() }),
  spec: z.record(z.string(), z.unknown()),
});
export type LeiaPartCopy = z.infer<typeof leiaPartCopySchema>;

/** The three resolved parts ; for an instructor the behaviour keeps only role and process. */
export const leiaSpecSchema = z.object({
  persona: leiaPartCopySchema,
  problem: leiaPartCopySchema,
  behaviour: leiaPartCopySchema,
});

const leiaBaseShape = {
  id: z.string(),
  metadata: z.strictObject({ name: z.string(), version: z.string() }),
  isPublished: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  user: itemOwnerSchema.strict(),
  /** The problem's description, else the persona's (resolved, as an instructor may read it). */
  description: z.string(),
};

/** GET /api/v1/leias/{id}, POST /api/v1/leias. For an instructor the behaviour copy is reduced. */
export const leiaSchema = z.object({
  ...leiaBaseShape,
  spec: leiaSpecSchema,
  /** This version's change note, if it has one. */
  note: z.string().optional(),
});
export type Leia = z.infer<typeof leiaSchema>;

/**
 * A row of GET /api/v1/leias?fields=summary (our Search): the LEIA without its resolved specs, so
 * a page stays small; `parts` holds the ids of the three resources ('Design from this' fetches
 * them; View and Try fetch GET /api/v1/leias/{id}). The server builds rows in SQL, so the schemas
 * are strict: the API tests parse every row with them.
 */
export const leiaListItemSchema = z.strictObject({
  ...leiaBaseShape,
  parts: z.strictObject({ persona: z.string(), problem: z.string(), behaviour: z.string() }),
});
export type LeiaListItem = z.infer<typeof leiaListItemSchema>;

/** A row of GET /api/v1/leias (the product's API contract): the whole LEIA, plus `parts`. */
export const leiaListRowSchema = leiaListItemSchema.extend({ spec: leiaSpecSchema });
export type LeiaListRow = z.infer<typeof leiaListRowSchema>;
