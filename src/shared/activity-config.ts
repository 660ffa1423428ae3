import { isValidTranscriptionLink, type LeiaConfig } from './schemas/activities';

/**
 * Reading one LEIA configuration of an activity, the same way on every screen: its LEIA's id
 * whether or not the list was populated, its name with the product's fallback 'LEIA {n}' (n counts
 * from 1), and which transcription it holds.
 */

export const configLeiaId = (config: LeiaConfig): string =>
  typeof config.leia === 'string' ? config.leia : config.leia.id;

export const configLeiaName = (config: LeiaConfig, index: number): string =>
  (typeof config.leia === 'string' ? '' : config.leia.metadata.name) || `LEIA ${index + 1}`;

export type TranscriptionKind = 'link' | 'messages' | 'none';

/** A link wins when both are present (the server never stores both). */
export const transcriptionKind = (config: LeiaConfig): TranscriptionKind => {
  const data = config.configuration.data;
  if (data?.link) return 'link';
  return data?.messages && data.messages.length > 0 ? 'messages' : 'none';
};

/**
 * The transcription link to open or put in an href: only an http(s) URL. A row stored before the
 * rule (or written straight into the database) may hold another scheme; it is never opened.
 */
export const openableLink = (config: LeiaConfig): string | undefined => {
  const link = config.configuration.data?.link;
  return link && isValidTranscriptionLink(link) ? link.trim() : undefined;
};
