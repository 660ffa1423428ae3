import { failureMessageFor } from './failure';

/**
 * What a flow tells the user of an outcome: the one shape every machine's `notify` action takes.
 * The client says it once (`showNotice`, src/client/toasts.tsx), as a toast.
 */
export interface Notice {
  tone: 'success' | 'error';
  message: string;
  /** Lines under the message (what exactly went wrong). */
  detail?: string;
  /** A routine outcome on a busy screen (a card's change, a transcription saved): said for 3 s. */
  brief?: boolean;
}

/** The `notify` action with a fixed notice: `actions: notice('success', TEXTS.saved)`. */
export const notice = (tone: Notice['tone'], message: string, brief?: boolean) => ({
  type: 'notify' as const,
  params: (brief ? { tone, message, brief } : { tone, message }) satisfies Notice,
});

/**
 * The `notify` action for a call that failed, said briefly: the failure's own text when its status
 * is one of `statuses` (a refusal the server explains), else `fallback`.
 */
export const briefFailure = (statuses: readonly number[], fallback: string) => ({
  type: 'notify' as const,
  params: ({ event }: { event: { error: unknown } }): Notice => ({
    tone: 'error',
    message: failureMessageFor(event.error, statuses, fallback),
    brief: true,
  }),
});
