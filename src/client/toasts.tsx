import type { Notice } from '@machines/notice';
import { type ExternalToast, Toaster, toast } from 'sonner';
import { useTheme } from './theme';

/**
 * How the app tells the user of an outcome, in one place: a flow's `Notice` (machines/notice.ts)
 * becomes a toast here, and nothing else in the client calls sonner. Every toast comes up
 * bottom-right, stays 5000 ms and pauses while hovered (sonner's default); a brief notice (My
 * Activities' card changes, the transcriptions) lasts 3 s. On the chat they sit above the message
 * box (chat.css), never over Send.
 */
export const TOAST_DURATION_MS = 5000;

/** A notice's toast. */
export const NOTICE_TOAST: ExternalToast = { position: 'bottom-right', duration: TOAST_DURATION_MS };

/** A brief notice's toast: bottom-right for 3 s. */
export const BRIEF_NOTICE_TOAST: ExternalToast = { position: 'bottom-right', duration: 3000 };

/**
 * Says a notice: every machine's `notify` action is provided with it (`actions: { notify:
 * showNotice }`), and the few outcomes a provider composes itself call it too.
 */
export function showNotice(_: unknown, notice: Notice): void {
  const options = notice.brief ? BRIEF_NOTICE_TOAST : NOTICE_TOAST;
  toast[notice.tone](notice.message, notice.detail ? { ...options, description: notice.detail } : options);
}

/** Toasts keep clear of the screen's edges (and a top one of the 60 px header). */
const TOAST_OFFSET = { top: 72, right: 16, bottom: 16, left: 16 };

/** The one Toaster of the app, in the current theme. */
export function AppToaster() {
  const theme = useTheme();
  return (
    <Toaster
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      theme={theme}
      closeButton
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_OFFSET}
    />
  );
}
