import { availability } from '@machines/action';
import { saveTranscription } from '@machines/chat/actions';
import {
  CHAT_TRANSCRIPTION_TEXTS,
  type ChatTranscriptionEvent,
  chatTranscriptionMachine,
  isSavingTranscription,
  type RecordingFor,
} from '@machines/chatTranscription';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const messages = [{ text: 'Hello', timestamp: '2025-03-04T09:00:00.000Z', isLeia: false }];
const recording: RecordingFor = {
  experimentId: 'a-1',
  leiaConfigId: 'c-1',
  leiaId: 'leia-1',
  transcriptionMode: true,
};

function start(outcome: (input: unknown) => Promise<unknown>) {
  const saveRecording = vi.fn(outcome);
  const notices: { tone: string; message: string }[] = [];
  const actor = createActor(
    chatTranscriptionMachine.provide({
      actors: { saveRecording: fromPromise(({ input }) => saveRecording(input)) },
      actions: { notify: (_, notice) => void notices.push(notice) },
    }),
  ).start();
  const send = (event: ChatTranscriptionEvent) => actor.send(event);
  return { actor, send, notices, saveRecording };
}

describe('chatTranscription machine', () => {
  it('saves a stopped reply with its marker in the text: a transcription has only three fields', async () => {
    const t = start(async () => undefined);
    const stopped = {
      text: 'Well, it ',
      timestamp: '2025-03-04T09:00:05.000Z',
      isLeia: true,
      stopped: true as const,
    };
    t.send({ type: 'save', messages: [...messages, stopped], recording });
    expect(t.saveRecording).toHaveBeenCalledWith(
      expect.objectContaining({
        messages: [...messages, { text: 'Well, it (stopped)', timestamp: stopped.timestamp, isLeia: true }],
      }),
    );
  });

  it("saves the conversation ('Saving...'), then 'Transcription added successfully'", async () => {
    let finish!: () => void;
    const t = start(() => new Promise<void>((resolve) => (finish = resolve)));
    t.send({ type: 'save', messages, recording });
    expect(isSavingTranscription(t.actor.getSnapshot())).toBe(true);
    expect(t.saveRecording).toHaveBeenCalledWith({
      experimentId: 'a-1',
      leiaConfigId: 'c-1',
      leiaId: 'leia-1',
      messages,
    });
    t.send({ type: 'save', messages, recording });
    expect(t.saveRecording).toHaveBeenCalledTimes(1);
    finish();
    await flush();
    expect(isSavingTranscription(t.actor.getSnapshot())).toBe(false);
    expect(t.notices).toEqual([
      { tone: 'success', message: 'Transcription added successfully', brief: true },
    ]);
  });

  it.each([
    ['no messages', [], recording, 'No messages to save as transcription'],
    [
      'standard mode',
      messages,
      { ...recording, transcriptionMode: false },
      'Transcription option is not enabled',
    ],
    [
      'no experiment',
      messages,
      { ...recording, experimentId: undefined },
      'Missing experiment or LEIA configuration information',
    ],
    [
      'no configuration',
      messages,
      { ...recording, leiaConfigId: undefined },
      'Missing experiment or LEIA configuration information',
    ],
    // The checks run in order: no messages wins over the rest.
    ['nothing at all', [], { transcriptionMode: false }, 'No messages to save as transcription'],
  ] as const)('%s: %s is refused without a call', (_, list, who, text) => {
    const t = start(async () => ({}));
    t.send({ type: 'save', messages: [...list], recording: who });
    expect(t.saveRecording).not.toHaveBeenCalled();
    expect(t.notices).toEqual([{ tone: 'error', message: text, brief: true }]);
  });

  it.each([
    [
      400,
      'Message at index 0, field "text": Message text cannot be empty',
      'Message at index 0, field "text": Message text cannot be empty',
    ],
    [404, 'LEIA configuration not found in this activity', 'LEIA configuration not found in this activity'],
    [
      409,
      'This activity is published and can no longer be changed',
      'This activity is published and can no longer be changed',
    ],
    [500, 'boom', 'Failed to add transcription'],
    [404, undefined, 'Failed to add transcription'],
  ])('a %i (%s) shows %s', async (status, message, text) => {
    const t = start(() => Promise.reject({ status, message }));
    t.send({ type: 'save', messages, recording });
    await flush();
    expect(t.notices).toEqual([{ tone: 'error', message: text, brief: true }]);
    expect(t.actor.getSnapshot().value).toBe('Idle');
  });

  it('Save transcription is refused while one is being saved (the refused event changes nothing)', async () => {
    let finish: () => void = () => {};
    const { actor } = start(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(actor.getSnapshot().can(saveTranscription.event({ messages, recording }))).toBe(true);
    actor.send(saveTranscription.event({ messages, recording }));
    const saving = actor.getSnapshot();
    expect(availability(saving, saveTranscription, { messages, recording }).reason).toBe(
      CHAT_TRANSCRIPTION_TEXTS.saving,
    );
    actor.send(saveTranscription.event({ messages, recording }));
    expect(actor.getSnapshot()).toBe(saving);
    finish();
    await flush();
    expect(actor.getSnapshot().can(saveTranscription.event({ messages, recording }))).toBe(true);
  });

  it('reaches both states', () => {
    const paths = getShortestPaths(chatTranscriptionMachine, {
      events: [
        { type: 'save', messages, recording },
        { type: 'save', messages: [], recording },
      ],
    });
    expect(paths.map((path) => path.state.value).sort()).toEqual(['Idle', 'Saving']);
  });
});
