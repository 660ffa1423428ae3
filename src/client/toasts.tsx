import { type ExternalToast, Toaster } from 'sonner';
import { useTheme } from './theme';

/**
 * How toasts look and last, in one place. Every toast comes up bottom-right (where the product
 * puts those of Search, My Activities and the chat), stays 5000 ms and pauses while hovered
 * (sonner's default); My Activities' and the chat's transcription toasts last 3 s. On the chat
 * they sit above the message box (chat.css), never over Send.
 */
export const TOAST_DURATION_MS = 5000;

/** The options of the LEIA list screens' toasts (a failed load, a failed Try). */
export const LIST_SCREEN_TOAST: ExternalToast = { position: 'bottom-right', duration: TOAST_DURATION_MS };

/** My Activities' toasts: bottom-right for 3 s; creating an activity stays 5 s, as on Search. */
export const ACTIVITY_TOAST: ExternalToast = { position: 'bottom-right', duration: 3000 };
export const ACTIVITY_CREATE_TOAST: ExternalToast = LIST_SCREEN_TOAST;

/** The chat's 'Save Transcription' toasts: bottom-right for 3 s. */
export const CHAT_TRANSCRIPTION_TOAST: ExternalToast = { position: 'bottom-right', duration: 3000 };

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
