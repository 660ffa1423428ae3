import type {
  Activity,
  ActivityExport,
  ActivityMode,
  LeiaConfig,
  TranscriptionSource,
  UpdateConfigBody,
} from '@shared/schemas/activities';
import type { TranscriptionMessage } from '@shared/schemas/transcription';
import { type CallOptions, clientFor } from './client';

/**
 * The activity calls (/api/v1/experiments; contract in src/shared/schemas/activities.ts). Admins
 * only: the global 403 rule sends anyone else to /forbidden.
 */

export type { Activity, LeiaConfig };

const opts = (options?: CallOptions) => ({ signal: options?.signal });
const activityPath = (id: string) => `/experiments/${encodeURIComponent(id)}`;
const configPath = (id: string, configId: string) =>
  `${activityPath(id)}/leias/${encodeURIComponent(configId)}`;

/**
 * GET /experiments/user/me: the caller's activities, newest first. `private` lists the unpublished
 * ones (Add to Activity); `populated` gives each configuration its LEIA (name, resolved spec).
 */
export const listActivities = (
  query: { visibility?: 'private' | 'public'; populated?: boolean } = {},
  options?: CallOptions,
) =>
  clientFor(options)<Activity[]>('/experiments/user/me', {
    query: {
      ...(query.visibility && { visibility: query.visibility }),
      ...(query.populated && { populated: 'true' }),
    },
    ...opts(options),
  });

export const createActivity = (name: string, options?: CallOptions) =>
  clientFor(options)<Activity>('/experiments', { method: 'POST', body: { name }, ...opts(options) });

/** POST /experiments/import: an exported activity (JSON) as a new activity of the caller's. */
export const importActivity = (exported: ActivityExport, options?: CallOptions) =>
  clientFor(options)<Activity>('/experiments/import', { method: 'POST', body: exported, ...opts(options) });

export const addLeiaToActivity = (id: string, leia: string, options?: CallOptions) =>
  clientFor(options)<LeiaConfig>(`${activityPath(id)}/leias`, {
    method: 'POST',
    body: { leia },
    ...opts(options),
  });

/** PUT /experiments/{id}/leias/{configId}: answers the whole updated activity (populated). */
export const updateLeiaConfig = (
  id: string,
  configId: string,
  body: UpdateConfigBody,
  options?: CallOptions,
) => clientFor(options)<Activity>(configPath(id, configId), { method: 'PUT', body, ...opts(options) });

/** The mode alone: no `data`, so the transcription is kept. */
export const setLeiaMode = (id: string, config: { id: string; leia: string }, mode: ActivityMode) =>
  updateLeiaConfig(id, config.id, { leia: config.leia, configuration: { mode } });

/** A link replaces the messages; messages replace the link (the server keeps one of the two). */
export const saveTranscription = (
  id: string,
  config: { id: string; leia: string },
  data: { link: string } | { messages: TranscriptionMessage[]; source: Exclude<TranscriptionSource, 'link'> },
) =>
  updateLeiaConfig(id, config.id, {
    leia: config.leia,
    configuration: {
      mode: 'transcription',
      data: 'link' in data ? { link: data.link } : { messages: data.messages },
    },
    ...('source' in data && { source: data.source }),
  });

export const publishActivity = (id: string, options?: CallOptions) =>
  clientFor(options)<Activity>(`${activityPath(id)}/publish`, { method: 'PATCH', ...opts(options) });

export const deleteActivity = (id: string, options?: CallOptions) =>
  clientFor(options)<void>(activityPath(id), { method: 'DELETE', ...opts(options) });

export const removeLeiaFromActivity = (id: string, configId: string, options?: CallOptions) =>
  clientFor(options)<void>(configPath(id, configId), { method: 'DELETE', ...opts(options) });
