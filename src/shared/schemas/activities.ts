import { z } from 'zod';
import { acceptableText } from '../input-rules';
import { leiaSpecSchema } from './leias';
import {
  type TranscriptionMessage,
  transcriptionMessageSchema,
  validateTranscription,
} from './transcription';

/**
 * Activities (the API calls them experiments): request and response shapes of
 * /api/v1/experiments, shared by the server and the My Activities screen. An activity groups LEIA
 * configurations; each runs in standard mode (students interview it) or transcription mode
 * (students read a recorded interview: a link, or messages).
 */

export const ACTIVITY_MODES = ['standard', 'transcription'] as const;
export type ActivityMode = (typeof ACTIVITY_MODES)[number];

/** How a configuration's transcription was last set: by link, auto-generated, recorded in a chat, or edited as JSON. */
export const TRANSCRIPTION_SOURCES = ['link', 'generated', 'recorded', 'edited'] as const;
export type TranscriptionSource = (typeof TRANSCRIPTION_SOURCES)[number];

export const MAX_ACTIVITY_NAME_LENGTH = 120;

export const ACTIVITY_TEXTS = {
  nameRequired: 'Activity name is required',
  nameTooLong: `Activity name must be at most ${MAX_ACTIVITY_NAME_LENGTH} characters`,
  duplicate: (name: string) => `An activity named "${name}" already exists`,
  notFound: 'Activity not found',
  configNotFound: 'LEIA configuration not found in this activity',
  leiaNotFound: 'LEIA not found',
  leiaId: 'LEIA id must be a uuid',
  leiaChanged: 'The LEIA of a configuration cannot be changed; add the other LEIA instead',
  notOwner: 'Only the owner of this activity can change it',
  published: 'This activity is published and can no longer be changed',
  alreadyPublished: 'This activity is already published',
  mode: `Mode must be one of: ${ACTIVITY_MODES.join(', ')}`,
  linkInvalid: 'Please enter a valid URL',
  linkScheme: 'The link must be an http or https URL',
  linkNotOpened: 'This link is not an http or https URL, so it is not opened',
  linkAndMessages: 'Send either a link or messages, not both',
  source: `Source must be one of: ${TRANSCRIPTION_SOURCES.join(', ')}`,
  importFormat: 'This is not an activity export (format leia-activity, version 1)',
  updatedAt: 'updatedAt must be an ISO date-time such as 2024-01-31T09:30:00Z',
} as const;

/** The name of an activity: trimmed, required, unique (the server answers 409 on a duplicate). */
export const activityNameSchema = z
  .string({ error: ACTIVITY_TEXTS.nameRequired })
  .trim()
  .min(1, ACTIVITY_TEXTS.nameRequired)
  .max(MAX_ACTIVITY_NAME_LENGTH, ACTIVITY_TEXTS.nameTooLong)
  .superRefine(acceptableText('Activity name'));

/**
 * A transcription link: a URL, trimmed, and only http(s), since it is
 * opened for students: javascript:, data: and the like are refused.
 */
export const transcriptionLinkSchema = z
  .string({ error: ACTIVITY_TEXTS.linkInvalid })
  .trim()
  .min(1, ACTIVITY_TEXTS.linkInvalid)
  .refine((value) => URL.canParse(value), ACTIVITY_TEXTS.linkInvalid)
  .refine(
    (value) => !URL.canParse(value) || ['http:', 'https:'].includes(new URL(value).protocol),
    ACTIVITY_TEXTS.linkScheme,
  );

/** Whether the Add Link input may be submitted (the Add button is disabled otherwise). */
export const isValidTranscriptionLink = (value: string): boolean =>
  transcriptionLinkSchema.safeParse(value).success;

export const activityModeSchema = z.enum(ACTIVITY_MODES, { error: ACTIVITY_TEXTS.mode });
const leiaIdSchema = z.uuid({ error: ACTIVITY_TEXTS.leiaId });

export const createActivityBodySchema = z.object({ name: activityNameSchema });
export const addLeiaBodySchema = z.object({ leia: leiaIdSchema });

/**
 * A transcription's messages as a configuration carries them: the one transcription schema, its
 * problems said in the product's words ('Message at index {i}, field "{field}": {message}').
 */
const configurationMessagesSchema = z.unknown().transform((value, ctx): TranscriptionMessage[] => {
  const checked = validateTranscription(value);
  if (checked.ok) return checked.messages;
  ctx.addIssue({ code: 'custom', message: checked.errors.join('; ') });
  return z.NEVER;
});

/**
 * A LEIA configuration of an activity as the API takes it, edited (PUT /{id}/leias/{configId})
 * or imported (POST /import): one rule for both. `data` holds a transcription, a link (http or
 * https only) or messages, never both; `data: null` clears it.
 */
export const leiaConfigurationSchema = z.object(
  {
    mode: activityModeSchema,
    data: z
      .object({ link: transcriptionLinkSchema.nullish(), messages: configurationMessagesSchema.optional() })
      .refine((data) => data.link == null || data.messages === undefined, ACTIVITY_TEXTS.linkAndMessages)
      .nullish(),
  },
  { error: 'Configuration with a mode is required' },
);

/**
 * PUT /{id}/leias/{configId}. `data.link` set clears the messages and `data.messages` set clears the
 * link; no `data` keeps what there is (a mode change).
 */
export const updateConfigBodySchema = z.object({
  leia: leiaIdSchema.optional(),
  configuration: leiaConfigurationSchema,
  /** How the messages were made (our addition; shown on the activity's row). */
  source: z.enum(TRANSCRIPTION_SOURCES, { error: ACTIVITY_TEXTS.source }).optional(),
});
export type UpdateConfigBody = z.infer<typeof updateConfigBodySchema>;

export const activityListQuerySchema = z.object({
  /** 'private' = unpublished only (Add to Activity); 'public' = published only. */
  visibility: z
    .enum(['all', 'private', 'public'], { error: 'Visibility must be one of: all, private, public' })
    .default('all'),
  /** 'true' = each configuration carries its LEIA's id, metadata and resolved spec. */
  populated: z
    .enum(['true', 'false'], { error: 'populated must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** The LEIA of a configuration when the list is populated. */
export const populatedLeiaSchema = z.object({
  id: z.string(),
  metadata: z.object({ name: z.string(), version: z.string() }),
  isPublished: z.boolean(),
  spec: leiaSpecSchema,
});
export type PopulatedLeia = z.infer<typeof populatedLeiaSchema>;

export const transcriptionDataSchema = z.object({
  link: z.string().optional(),
  messages: z.array(transcriptionMessageSchema).optional(),
});

export const leiaConfigSchema = z.object({
  id: z.string(),
  /** The LEIA's id, or the LEIA itself when the list is populated. */
  leia: z.union([z.string(), populatedLeiaSchema]),
  configuration: z.object({ mode: activityModeSchema, data: transcriptionDataSchema.optional() }),
  /** When the transcription was last set and how; absent until it is. */
  transcription: z.object({ source: z.enum(TRANSCRIPTION_SOURCES), updatedAt: z.string() }).optional(),
});
export type LeiaConfig = z.infer<typeof leiaConfigSchema>;

export const activitySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  isPublished: z.boolean(),
  visibility: z.enum(['private', 'public']),
  leias: z.array(leiaConfigSchema),
});
export type Activity = z.infer<typeof activitySchema>;

/** When a transcription was last set and how. */
const transcriptionStampShape = { source: z.enum(TRANSCRIPTION_SOURCES, { error: ACTIVITY_TEXTS.source }) };

/**
 * An activity as exported (GET /{id}/export): round-trip safe, LEIAs referenced by id with their
 * name and version for a reader. This is what the server writes; a file read back passes
 * activityImportSchema, which applies the rules of an edit.
 */
export const activityExportSchema = z.object(
  {
    format: z.literal('leia-activity'),
    version: z.literal(1),
    name: activityNameSchema,
    leias: z.array(
      z.object({
        leia: z.object({ id: leiaIdSchema, name: z.string(), version: z.string() }),
        configuration: z.object({ mode: activityModeSchema, data: transcriptionDataSchema.optional() }),
        transcription: z.object({ ...transcriptionStampShape, updatedAt: z.string() }).optional(),
      }),
    ),
  },
  { error: ACTIVITY_TEXTS.importFormat },
);
export type ActivityExport = z.infer<typeof activityExportSchema>;

/**
 * POST /import, and the screen's check of a file before it sends it: an export, each configuration
 * under the rules of an edit (leiaConfigurationSchema), each date a real ISO date-time. What it gives
 * is an export again ({link} or {messages}, or no data).
 */
export const activityImportSchema = z.object(
  {
    ...activityExportSchema.shape,
    leias: z.array(
      z.object({
        leia: z.object({ id: leiaIdSchema, name: z.string(), version: z.string() }),
        configuration: leiaConfigurationSchema.transform(({ mode, data }) => ({
          mode,
          ...(data?.link != null && { data: { link: data.link } }),
          ...(data?.messages !== undefined && { data: { messages: data.messages } }),
        })),
        transcription: z
          .object({
            ...transcriptionStampShape,
            updatedAt: z.iso
              .datetime({ offset: true, error: ACTIVITY_TEXTS.updatedAt })
              .refine((value) => !Number.isNaN(Date.parse(value)), ACTIVITY_TEXTS.updatedAt),
          })
          .optional(),
      }),
    ),
  },
  { error: ACTIVITY_TEXTS.importFormat },
);
