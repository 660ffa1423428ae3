import { z } from 'zod';
import type { ResourceKind } from './resources';
import { SPEC_SCHEMAS } from './resources';

/**
 * JSON Schemas of the three specs for the code editors' hints (completion, hover, lint), generated
 * from the zod schemas the server validates with: one truth (the transcription's is
 * `transcriptionJsonSchema`, beside its schema). Kept out of ./resources.ts so that only the editor
 * chunk pays for building them. Input shape (defaults optional); refinements that
 * JSON Schema cannot say are left to the zod check on save.
 */
const toJsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

export const SPEC_JSON_SCHEMAS: Record<ResourceKind, ReturnType<typeof toJsonSchema>> = {
  persona: toJsonSchema(SPEC_SCHEMAS.persona),
  problem: toJsonSchema(SPEC_SCHEMAS.problem),
  behaviour: toJsonSchema(SPEC_SCHEMAS.behaviour),
};
