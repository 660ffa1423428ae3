import { canManageActivities } from '@shared/permissions';
import { actionsOf } from '../action';
import {
  hasTranscription,
  isTranscribable,
  TRANSCRIPTION_TEXTS,
  type TranscriptionEvent,
  type TranscriptionTarget,
} from './contract';

/**
 * The ways to set a LEIA's transcription, and viewing it, each defined once (machines/action.ts):
 * the row's buttons and the palette's commands come from these; when each is available is the
 * machine's guards (./machine.ts).
 */

const GROUP = 'Activities';
const defineAction = actionsOf<TranscriptionEvent>();

const flow = (
  type: 'link.open' | 'generate.open' | 'manual.start' | 'json.open',
  fields: { id: string; label: string; title: string; keywords: string[] },
) =>
  defineAction<TranscriptionTarget>({
    ...fields,
    group: GROUP,
    allowed: canManageActivities,
    type,
    event: (target) => ({ type, target }),
    applies: isTranscribable,
    unavailable: TRANSCRIPTION_TEXTS.busy,
  });

export const addLink = flow('link.open', {
  id: 'activities.addLink',
  label: 'Add Link',
  title: 'Add transcription link...',
  keywords: ['url', 'external'],
});

export const autoGenerate = flow('generate.open', {
  id: 'activities.autoGenerate',
  label: 'Auto Generate',
  title: 'Auto-generate transcription...',
  keywords: ['generate', 'model'],
});

export const record = flow('manual.start', {
  id: 'activities.record',
  label: 'Generate',
  title: 'Record transcription in a chat...',
  keywords: ['generate', 'manual'],
});

export const editJson = flow('json.open', {
  id: 'activities.editJson',
  label: 'JSON Edit',
  title: 'Edit transcription JSON...',
  keywords: ['json', 'messages'],
});

export const viewTranscription = defineAction<TranscriptionTarget>({
  id: 'activities.viewTranscription',
  label: 'View',
  title: 'View transcription...',
  group: GROUP,
  keywords: ['messages', 'link', 'read'],
  allowed: canManageActivities,
  type: 'view.open',
  event: (target) => ({ type: 'view.open', target }),
  applies: hasTranscription,
  unavailable: TRANSCRIPTION_TEXTS.busy,
});
