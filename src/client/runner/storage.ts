import type { StoredChat } from '@machines/chat/contract';
import { chatMessageSchema } from '@shared/schemas/runner';
import { z } from 'zod';

/**
 * The chat kept in local storage: one conversation, the
 * current session's, under one key, so opening another session replaces it. Storage may be
 * unavailable or hold anything (another version, a hand edit): reads validate, writes may fail.
 */
export const CHAT_STORAGE_KEY = 'leia:chat';

const storedChatSchema = z.object({ sessionId: z.string(), messages: z.array(chatMessageSchema) });

export const chatStorage = {
  read(): StoredChat | null {
    try {
      const raw = globalThis.localStorage?.getItem(CHAT_STORAGE_KEY);
      if (!raw) return null;
      const parsed = storedChatSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  write(chat: StoredChat): void {
    try {
      globalThis.localStorage?.setItem(CHAT_STORAGE_KEY, JSON.stringify(chat));
    } catch {
      // Full or refused: the server still has the conversation.
    }
  },
};
