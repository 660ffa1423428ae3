import { z } from 'zod';

/**
 * The navigation state the chat screen accepts (the problem description, the design wizard's state,
 * an activity's transcription context), set by whoever opens /chat/{sessionId}. History state comes
 * from outside this code (another tab's entry, an older version), so it is parsed, not trusted:
 * an unusable field is dropped, never an error.
 */
const chatNavigationStateSchema = z.object({
  /** Shown under Instructions without waiting for the session to load. */
  problemDescription: z.string().optional().catch(undefined),
  /** The design wizard's state: 'Finish Conversation' goes back to /create with it. */
  wizardState: z.unknown().optional(),
  /** Manual transcription from an activity ('Save Transcription' reads these three). */
  experimentId: z.string().optional().catch(undefined),
  leiaConfigId: z.string().optional().catch(undefined),
  leiaConfig: z.unknown().optional(),
});

export type ChatNavigationState = z.infer<typeof chatNavigationStateSchema>;

export const readChatNavigationState = (state: unknown): ChatNavigationState => {
  const parsed = chatNavigationStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
};
