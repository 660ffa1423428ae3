import type { WizardDraft, WizardPreset } from '@machines/wizard/draft';
import type { DesignSource } from '@machines/wizard/versions';
import { itemOwnerSchema } from '@shared/schemas/visibility';
import { VERSION_BUMPS } from '@shared/semver';
import { z } from 'zod';

/**
 * The navigation state the design wizard (/create) accepts: a preset ('Design from this' on
 * Search) or a kept design (the chat's 'Finish Conversation' brings it back). History state and
 * session storage come from outside this code (an older version, another tab), so both are parsed,
 * not trusted: what does not fit is dropped, never an error.
 */
const partSchema = z.object({
  id: z.string(),
  apiVersion: z.string(),
  metadata: z.object({ name: z.string(), version: z.string() }),
  spec: z.record(z.string(), z.unknown()),
  user: itemOwnerSchema.optional(),
  isPublished: z.boolean().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  edited: z.boolean().optional(),
});

const partsSchema = z.object({
  persona: partSchema.optional(),
  problem: partSchema.optional(),
  behaviour: partSchema.optional(),
});

const byNameKey = <T extends z.ZodType>(value: T) =>
  z.object({
    leia: value.optional(),
    persona: value.optional(),
    problem: value.optional(),
    behaviour: value.optional(),
  });

/** The LEIA a design was made from ('Design from this'). */
export const designSourceSchema: z.ZodType<DesignSource> = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  user: itemOwnerSchema.optional(),
});

export const wizardDraftSchema: z.ZodType<WizardDraft> = z.object({
  step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  parts: partsSchema,
  originals: partsSchema,
  names: byNameKey(z.string()),
  visibility: byNameKey(z.boolean()),
  source: designSourceSchema.optional().catch(undefined),
  saveAs: byNameKey(z.object({ mode: z.enum(['name', 'version']), bump: z.enum(VERSION_BUMPS) }))
    .optional()
    .catch(undefined),
  notes: byNameKey(z.string()).optional().catch(undefined),
});

export const wizardPresetSchema: z.ZodType<WizardPreset> = z.object({
  persona: partSchema,
  problem: partSchema,
  behaviour: partSchema,
});

const designNavigationSchema = z.object({
  preset: wizardPresetSchema.optional().catch(undefined),
  /** The LEIA the preset's parts are from. */
  source: designSourceSchema.optional().catch(undefined),
  wizardState: wizardDraftSchema.optional().catch(undefined),
});

export type DesignNavigationState = z.infer<typeof designNavigationSchema>;

export const readDesignNavigation = (state: unknown): DesignNavigationState => {
  const parsed = designNavigationSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
};

/**
 * The state of a navigation that leaves the wizard on purpose (after Finish): nothing is left
 * unsaved, so the leave question is not asked.
 */
export const LEAVING_DESIGN = { leavingDesign: true } as const;

export const isLeavingOnPurpose = (state: unknown): boolean =>
  typeof state === 'object' &&
  state !== null &&
  ((state as Record<string, unknown>).leavingDesign === true ||
    (state as Record<string, unknown>).wizardState !== undefined);
