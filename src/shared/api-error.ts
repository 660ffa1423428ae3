import { z } from 'zod';

/** The one error body every API failure returns (docs/architecture.md "API"). */
export const apiErrorSchema = z.object({
  message: z.string(),
  /** field path -> message, on 400 invalid input */
  validationErrors: z.record(z.string(), z.string()).optional(),
  /** dependents {id, name} on a 400 in-use conflict; other structured detail elsewhere */
  data: z.unknown().optional(),
  /** on a 500: the id the server logged the fault under */
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export interface Dependent {
  id: string;
  name: string;
}
