import { configLeiaId, configLeiaName, transcriptionKind } from '@shared/activity-config';
import type { Activity, LeiaConfig } from '@shared/schemas/activities';
import { type TranscriptionMessage, validateTranscriptionJson } from '@shared/schemas/transcription';

/** What the transcription machine (./machine.ts) and My Activities agree on: texts, targets, events. */

export const TRANSCRIPTION_TEXTS = {
  notice: 'Important: Any form of transcription update will result in overwriting previous data.',
  typeLink: 'External Link',
  typeMessages: 'Chat Messages',
  none: 'No Transcription Available',
  linkAdded: 'Transcription link added successfully',
  linkFailed: 'Failed to add transcription link',
  saved: 'Transcription saved successfully',
  updated: 'Transcription updated successfully',
  saveFailed: 'Failed to save transcription',
  sessionFailed: 'Failed to create transcription session',
  generateFailed: 'Failed to generate transcription',
  leiaUnavailable: 'LEIA data is not available',
  generating: 'Generating transcription...',
  generatingHint: 'This may take a few moments',
  noneGenerated: 'No messages generated',
  noneGeneratedHint: 'Something went wrong during generation',
  noMessages: 'No messages',
  noMessagesHint: 'Add messages in the editor to see the preview',
  invalidJson: 'Invalid JSON',
  invalidJsonHint: 'Check the syntax in the editor',
  /** Why a flow cannot start now (a chat session starting, another flow open or saving). */
  busy: 'A transcription is being started or saved',
  /**
   * What each of the four buttons does (their names are the product's): said under them and as
   * each button's description.
   */
  actions: {
    link: 'Link to a transcription kept elsewhere.',
    manual: 'Generate: record it yourself, in a chat with this LEIA, then Save Transcription there.',
    auto: 'Auto Generate: simulated students interview this LEIA; you review the messages before saving.',
    json: 'Type or paste the messages as JSON.',
  },
  /** How a transcription was last set, as its row says it ('Last changed {date}: {how}'). */
  sources: {
    link: 'link added',
    generated: 'auto-generated',
    recorded: 'recorded in a chat',
    edited: 'edited as JSON',
  },
} as const;

/** The LEIA configuration a flow works on. */
export interface TranscriptionTarget {
  activityId: string;
  config: LeiaConfig;
  leiaId: string;
  leiaName: string;
  /** The problem's description (the chat's instructions); absent when the LEIA is not populated. */
  problemDescription?: string;
  /** Whether the LEIA itself is at hand (generation needs it). */
  hasLeia: boolean;
  /** Whether its activity is published (its transcription is then never changed). */
  activityPublished: boolean;
}

/** A transcription is set only on a LEIA in transcription mode of an unpublished activity. */
export const isTranscribable = (target: TranscriptionTarget): boolean =>
  !target.activityPublished && target.config.configuration.mode === 'transcription';

/** Whether there is a transcription to view (a link or messages). */
export const hasTranscription = (target: TranscriptionTarget): boolean =>
  transcriptionKind(target.config) !== 'none';

export const transcriptionTarget = (activity: Activity, config: LeiaConfig): TranscriptionTarget => {
  const index = activity.leias.findIndex((item) => item.id === config.id);
  const leia = typeof config.leia === 'string' ? null : config.leia;
  const description = leia?.spec.problem?.spec?.description;
  return {
    activityId: activity.id,
    config,
    leiaId: configLeiaId(config),
    leiaName: configLeiaName(config, Math.max(index, 0)),
    ...(typeof description === 'string' && { problemDescription: description }),
    hasLeia: leia !== null,
    activityPublished: activity.isPublished,
  };
};

export type SaveData =
  | { link: string }
  | { messages: TranscriptionMessage[]; source: 'generated' | 'recorded' | 'edited' };

export type JsonTab = 'editor' | 'preview';

export interface TranscriptionContext {
  target: TranscriptionTarget | null;
  link: string;
  /** The generated messages (Preview) or those being viewed. */
  messages: TranscriptionMessage[];
  json: string;
  jsonTab: JsonTab;
  /** What is wrong with `json` ([] when it is a valid transcription). */
  jsonErrors: string[];
  /**
   * Where the focus goes once the link input closes (a new object each time, for useFocusRequest):
   * the new link's View once it is saved, Add Link when cancelled.
   */
  focus: { field: 'viewLink' | 'addLink'; configId: string } | null;
}

export type TranscriptionEvent =
  | { type: 'link.open'; target: TranscriptionTarget }
  | { type: 'link.change'; value: string }
  | { type: 'link.submit' }
  | { type: 'link.cancel' }
  | { type: 'generate.open'; target: TranscriptionTarget }
  | { type: 'preview.save' }
  | { type: 'preview.cancel' }
  | { type: 'manual.start'; target: TranscriptionTarget }
  | { type: 'json.open'; target: TranscriptionTarget }
  | { type: 'json.change'; text: string }
  | { type: 'json.tab'; tab: JsonTab }
  | { type: 'json.save' }
  | { type: 'json.cancel' }
  | { type: 'view.open'; target: TranscriptionTarget }
  | { type: 'view.close' };

/** The JSON Editor's text of a configuration's messages. */
export const jsonText = (config: LeiaConfig): string =>
  JSON.stringify(config.configuration.data?.messages ?? [], null, 2);

export const errorsOf = (text: string): string[] => {
  const result = validateTranscriptionJson(text);
  return result.ok ? [] : result.errors;
};
/** An empty list parses and previews ('No messages'), though it cannot be saved. */
export const isEmptyList = (text: string): boolean => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.length === 0;
  } catch {
    return false;
  }
};

/** What the JSON editor's Preview tab shows for this text. */
export type JsonPreview =
  | { kind: 'messages'; messages: TranscriptionMessage[] }
  | { kind: 'empty' }
  | { kind: 'invalid' };
export const jsonPreview = (json: string): JsonPreview => {
  const result = validateTranscriptionJson(json);
  if (result.ok) return { kind: 'messages', messages: result.messages };
  return isEmptyList(json) ? { kind: 'empty' } : { kind: 'invalid' };
};
