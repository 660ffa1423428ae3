import { showNotice } from './toasts';

/** Copies `text` and says so (or says it could not: the text can still be selected by hand). */
export async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showNotice(null, { tone: 'success', message: done });
  } catch {
    showNotice(null, { tone: 'error', message: 'Could not copy: select the text and copy it' });
  }
}
