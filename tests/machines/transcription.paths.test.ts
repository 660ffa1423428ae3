import {
  type SaveData,
  type TranscriptionEvent,
  transcriptionTarget,
} from '@machines/transcription/contract';
import { transcriptionMachine } from '@machines/transcription/machine';
import type { Activity } from '@shared/schemas/activities';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { MESSAGES, week1 } from '../support/activities';

/** The transcription machine's paths (its flows one by one: ./transcription.test.ts). */

const failure = (status?: number, message?: string) => ({ status, message });
/** A LEIA in transcription mode with no transcription yet (the flows are refused in standard mode). */
const untranscribed = transcriptionTarget(week1, {
  ...week1.leias[0]!,
  configuration: { mode: 'transcription' },
});
const transcribed = transcriptionTarget(week1, week1.leias[1]!);
const updated: Activity = { ...week1, name: 'Week 1 (updated)' };
/** An IO actor that never answers (the outcomes are fed in as events). */
const hang = <Out, In>() => fromPromise<Out, In>(() => new Promise<Out>(() => {}));

describe('transcription machine paths (xstate/graph)', () => {
  // The invoke outcomes are fed in as the events XState itself would deliver.
  const done = (id: string, output: unknown) =>
    ({ type: `xstate.done.actor.${id}`, output }) as unknown as TranscriptionEvent;
  const error = (id: string) =>
    ({ type: `xstate.error.actor.${id}`, error: failure(500) }) as unknown as TranscriptionEvent;
  const events: TranscriptionEvent[] = [
    { type: 'link.open', target: untranscribed },
    { type: 'link.change', value: 'https://example.org' },
    { type: 'link.submit' },
    { type: 'link.cancel' },
    { type: 'generate.open', target: transcribed },
    { type: 'preview.save' },
    { type: 'preview.cancel' },
    { type: 'manual.start', target: transcribed },
    { type: 'json.open', target: transcribed },
    { type: 'json.change', text: '[' },
    { type: 'json.tab', tab: 'preview' },
    { type: 'json.save' },
    { type: 'json.cancel' },
    { type: 'view.open', target: transcribed },
    { type: 'view.close' },
    done('saveTranscription', updated),
    error('saveTranscription'),
    done('generateTranscription', MESSAGES),
    done('generateTranscription', []),
    error('generateTranscription'),
    done('startSession', { sessionId: 's-1' }),
    done('startSession', {}),
    error('startSession'),
  ];
  const stateOf = (s: { value: unknown }) => JSON.stringify(s.value);
  const serializeState = (s: ReturnType<typeof transcriptionMachine.getInitialSnapshot>) =>
    JSON.stringify([s.value, s.context.link, s.context.jsonErrors.length > 0, s.context.jsonTab]);

  const live = () =>
    createActor(
      transcriptionMachine.provide({
        actors: {
          saveTranscription: hang(),
          generateTranscription: hang(),
          startSession: hang(),
        },
        actions: { notify: () => {}, onUpdated: () => {}, openChat: () => {}, openLink: () => {} },
      }),
    ).start();

  it('reaches every state, each along a path the live actor follows', () => {
    const paths = getShortestPaths(transcriptionMachine, { events, serializeState });
    expect(new Set(paths.map((path) => stateOf(path.state)))).toEqual(
      new Set(
        [
          'Idle',
          { Link: 'Editing' },
          { Link: 'Saving' },
          { Preview: 'Generating' },
          { Preview: 'Ready' },
          { Preview: 'Empty' },
          { Preview: 'Saving' },
          { Manual: 'Starting' },
          { Json: 'Editing' },
          { Json: 'Saving' },
          'Viewing',
        ].map((value) => JSON.stringify(value)),
      ),
    );
    for (const path of paths) {
      const actor = live();
      for (const step of path.steps) actor.send(step.event);
      expect(stateOf(actor.getSnapshot())).toBe(stateOf(path.state));
      actor.stop();
    }
  });

  it('every simple path from Idle ends where the live actor does; each save carries the link or the source of its flow', () => {
    const moves = events.filter((event) => event.type !== 'json.change');
    const paths = getSimplePaths(transcriptionMachine, { events: moves, serializeState });
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) {
      const saves: SaveData[] = [];
      const actor = createActor(
        transcriptionMachine.provide({
          actors: {
            saveTranscription: fromPromise(({ input }) => {
              saves.push(input.data);
              return new Promise<never>(() => {});
            }),
            generateTranscription: hang(),
            startSession: hang(),
          },
          actions: { notify: () => {}, onUpdated: () => {}, openChat: () => {}, openLink: () => {} },
        }),
      ).start();
      for (const step of path.steps) actor.send(step.event);
      expect(stateOf(actor.getSnapshot())).toBe(stateOf(path.state));
      for (const data of saves) {
        expect('link' in data ? data.link : data.source).toMatch(
          /^(https:\/\/example\.org|generated|edited)$/,
        );
      }
      actor.stop();
    }
  });
});
