import { Button, ClipboardIcon, Modal, Spinner } from '@client/components';
import { EvaluationActor } from '@client/evaluation/actors';
import { EVALUATION_VIEW_TEXTS, evaluateTranscription } from '@machines/evaluation';
import { TRANSCRIPTION_TEXTS } from '@machines/transcription/contract';
import {
  isPreviewEmpty,
  isPreviewGenerating,
  isPreviewOpen,
  isPreviewSaving,
  isViewing,
  type TranscriptionSnapshot,
} from '@machines/transcription/selectors';
import { shallowEqual } from '@xstate/react';
import { TranscriptionActor } from './actors';
import { MessagesView, Placeholder } from './MessagesView';

const messageCount = (count: number) => (count === 1 ? '1 message' : `${count} messages`);

const selectViewing = (s: TranscriptionSnapshot) => ({
  open: isViewing(s),
  name: s.context.target?.leiaName ?? '',
  leiaId: s.context.target?.leiaId ?? '',
  messages: s.context.messages,
});

/**
 * The Transcription Messages modal: the messages as a read-only chat, with their count, and
 * Evaluate (the report of this conversation with its LEIA).
 */
export function TranscriptionMessagesModal() {
  const actor = TranscriptionActor.useActorRef();
  const evaluation = EvaluationActor.useActorRef();
  const view = TranscriptionActor.useSelector(selectViewing, shallowEqual);
  const close = () => actor.send({ type: 'view.close' });
  return (
    <Modal
      open={view.open}
      onClose={close}
      title={`Transcription of ${view.name}`}
      description={view.messages.length > 0 ? messageCount(view.messages.length) : undefined}
      size="lg"
      footer={
        view.messages.length > 0 && (
          <Button
            icon={<ClipboardIcon />}
            onClick={() => evaluation.send(evaluateTranscription(view.leiaId, view.messages, view.name))}
          >
            {EVALUATION_VIEW_TEXTS.button}
          </Button>
        )
      }
    >
      {view.messages.length > 0 ? (
        <MessagesView messages={view.messages} label="Transcription messages" />
      ) : (
        <Placeholder title={TRANSCRIPTION_TEXTS.noMessages} />
      )}
    </Modal>
  );
}

const selectPreview = (s: TranscriptionSnapshot) => ({
  open: isPreviewOpen(s),
  name: s.context.target?.leiaName ?? '',
  generating: isPreviewGenerating(s),
  saving: isPreviewSaving(s),
  empty: isPreviewEmpty(s),
  messages: s.context.messages,
});

/**
 * The Transcription Preview modal (Auto Generate): a spinner while the model writes, which cannot
 * be closed; then the messages with Cancel (discarded) and 'Save Transcription', or 'No messages
 * generated'.
 */
export function TranscriptionPreviewModal() {
  const actor = TranscriptionActor.useActorRef();
  const view = TranscriptionActor.useSelector(selectPreview, shallowEqual);
  const cancel = () => actor.send({ type: 'preview.cancel' });
  const busy = view.generating || view.saving;
  return (
    <Modal
      open={view.open}
      onClose={cancel}
      dismissible={!busy}
      title="Transcription Preview"
      description={view.name}
      size="lg"
      footer={
        !view.generating && (
          <>
            <Button onClick={cancel} disabled={view.saving}>
              Cancel
            </Button>
            {!view.empty && (
              <Button
                variant="primary"
                loading={view.saving}
                onClick={() => actor.send({ type: 'preview.save' })}
              >
                Save Transcription
              </Button>
            )}
          </>
        )
      }
    >
      {view.generating && (
        <div className="state" role="status">
          <Spinner size={20} />
          <p className="state__title">{TRANSCRIPTION_TEXTS.generating}</p>
          <p className="state__text">{TRANSCRIPTION_TEXTS.generatingHint}</p>
        </div>
      )}
      {view.empty && (
        <Placeholder title={TRANSCRIPTION_TEXTS.noneGenerated} hint={TRANSCRIPTION_TEXTS.noneGeneratedHint} />
      )}
      {!view.generating && !view.empty && (
        <MessagesView messages={view.messages} label="Generated messages" />
      )}
    </Modal>
  );
}
