import { wizardDraftSchema } from '@client/design/navigation';
import type { WizardDraft } from '@machines/wizard/draft';

/**
 * The design in progress, kept in session storage (this tab only) until Finish or an explicit
 * discard, so a reload loses nothing. One draft per user: another account signing in on the same
 * tab never gets someone else's design. Storage may be unavailable or hold anything: reads
 * validate, writes may fail.
 */
const keyOf = (userId: string) => `leia:design:${userId}`;

export const draftStorage = {
  read(userId: string): WizardDraft | null {
    try {
      const raw = globalThis.sessionStorage?.getItem(keyOf(userId));
      if (!raw) return null;
      const parsed = wizardDraftSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  write(userId: string, draft: WizardDraft): void {
    try {
      globalThis.sessionStorage?.setItem(keyOf(userId), JSON.stringify(draft));
    } catch {
      // Full or refused: the design stays on screen; only a reload would lose it.
    }
  },
  clear(userId: string): void {
    try {
      globalThis.sessionStorage?.removeItem(keyOf(userId));
    } catch {
      // Nothing to do.
    }
  },
};
