import type { SnapshotFrom } from 'xstate';
import { jsonText } from './contract';
import type { transcriptionMachine } from './machine';

/* Selectors: what the views read from a transcription snapshot. */

export type TranscriptionSnapshot = SnapshotFrom<typeof transcriptionMachine>;

/** While a session initialises, every row's four actions are disabled. */
export const isStartingSession = (s: TranscriptionSnapshot): boolean => s.hasTag('starting');
/** The configuration whose link input is open. */
export const linkTargetId = (s: TranscriptionSnapshot): string | null =>
  s.matches('Link') ? (s.context.target?.config.id ?? null) : null;
export const isPreviewOpen = (s: TranscriptionSnapshot): boolean => s.matches('Preview');
export const isJsonOpen = (s: TranscriptionSnapshot): boolean => s.matches('Json');
/** The JSON differs from the transcription it opened with (closing asks first). */
export const hasJsonEdits = (s: TranscriptionSnapshot): boolean =>
  s.matches({ Json: 'Editing' }) &&
  s.context.target !== null &&
  s.context.json !== jsonText(s.context.target.config);
export const isViewing = (s: TranscriptionSnapshot): boolean => s.matches('Viewing');
/** The link being saved (its input and button wait). */
export const isLinkSaving = (s: TranscriptionSnapshot): boolean => s.matches({ Link: 'Saving' });
export const isJsonSaving = (s: TranscriptionSnapshot): boolean => s.matches({ Json: 'Saving' });
/** The preview's three faces besides the transcript itself. */
export const isPreviewGenerating = (s: TranscriptionSnapshot): boolean =>
  s.matches({ Preview: 'Generating' });
export const isPreviewSaving = (s: TranscriptionSnapshot): boolean => s.matches({ Preview: 'Saving' });
export const isPreviewEmpty = (s: TranscriptionSnapshot): boolean => s.matches({ Preview: 'Empty' });
