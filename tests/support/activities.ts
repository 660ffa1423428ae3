import type { Activity, LeiaConfig, PopulatedLeia } from '@shared/schemas/activities';
import type { TranscriptionMessage } from '@shared/schemas/transcription';

/** Activities as GET /experiments/user/me?populated=true answers them, for machine and UI tests. */

export const ACTIVITY_ID = '6d1f2c3a-0000-4000-8000-000000000001';
export const OTHER_ACTIVITY_ID = '6d1f2c3a-0000-4000-8000-000000000002';

export const populatedLeia = (
  name: string,
  id = `leia-${name.toLowerCase().replace(/\W+/g, '-')}`,
): PopulatedLeia => {
  const part = (kind: string, spec: Record<string, unknown>) => ({
    id: `${kind}-${id}`,
    metadata: { name: `${name} ${kind}`, version: '1.0.0' },
    spec,
  });
  return {
    id,
    metadata: { name, version: '1.0.0' },
    isPublished: true,
    spec: {
      persona: part('persona', { fullName: 'Ada Lovelace' }),
      problem: part('problem', { description: `${name}: the problem` }),
      behaviour: part('behaviour', { description: 'Stay in character.' }),
    },
  } as PopulatedLeia;
};

export const message = (text: string, isLeia: boolean, minute = 0): TranscriptionMessage => ({
  text,
  timestamp: `2025-03-04T09:${String(minute).padStart(2, '0')}:00.000Z`,
  isLeia,
});

export const MESSAGES: TranscriptionMessage[] = [
  message('Hello, what does your bakery need?', false, 0),
  message('An order system for our cafés.', true, 1),
];

export const config = (
  id: string,
  leia: PopulatedLeia | string,
  configuration: LeiaConfig['configuration'] = { mode: 'standard' },
  transcription?: LeiaConfig['transcription'],
): LeiaConfig => ({ id, leia, configuration, ...(transcription && { transcription }) });

export const activity = (overrides: Partial<Activity> = {}): Activity => ({
  id: ACTIVITY_ID,
  name: 'Week 1',
  createdAt: '2025-03-04T09:05:00.000Z',
  isPublished: false,
  visibility: 'private',
  leias: [],
  ...overrides,
});

export const bakery = populatedLeia('Bakery interview');
export const library = populatedLeia('Library booking');

/** An unpublished activity: a standard LEIA, and a transcription LEIA with messages. */
export const week1 = activity({
  leias: [
    config('cfg-standard', bakery),
    config(
      'cfg-transcribed',
      library,
      { mode: 'transcription', data: { messages: MESSAGES } },
      { source: 'generated', updatedAt: '2025-03-05T10:00:00.000Z' },
    ),
  ],
});
