import { Button, Modal, Tabs } from '@client/components';
import { JsonEditor } from '@client/components/code/JsonEditor';
import { type JsonTab, jsonPreview, TRANSCRIPTION_TEXTS } from '@machines/transcription/contract';
import {
  hasJsonEdits,
  isJsonOpen,
  isJsonSaving,
  type TranscriptionSnapshot,
} from '@machines/transcription/selectors';
import { transcriptionJsonSchema } from '@shared/schemas/transcription';
import { shallowEqual } from '@xstate/react';
import { useId, useMemo } from 'react';
import { TranscriptionActor } from './actors';
import { MessagesView, Placeholder } from './MessagesView';

const select = (s: TranscriptionSnapshot) => ({
  open: isJsonOpen(s),
  unsaved: hasJsonEdits(s),
  name: s.context.target?.leiaName ?? '',
  json: s.context.json,
  tab: s.context.jsonTab,
  errors: s.context.jsonErrors,
  saving: isJsonSaving(s),
});

/**
 * The JSON Editor modal: the messages as JSON in a code editor with the transcription schema's
 * hints (Editor tab), and as a chat (Preview tab, reached only when the JSON is valid). The errors
 * name each wrong field; Save Changes is disabled while there is one.
 */
export function JsonEditorModal() {
  const actor = TranscriptionActor.useActorRef();
  const view = TranscriptionActor.useSelector(select, shallowEqual);
  const preview = useMemo(() => jsonPreview(view.json), [view.json]);
  const errorsId = useId();
  const cancel = () => actor.send({ type: 'json.cancel' });

  const editor = (
    <>
      <JsonEditor
        value={view.json}
        onChange={(text) => actor.send({ type: 'json.change', text })}
        schema={transcriptionJsonSchema}
        label="Transcription JSON"
        describedBy={view.errors.length > 0 ? errorsId : undefined}
        readOnly={view.saving}
        minHeight={240}
      />
      {view.errors.length > 0 && (
        <ul className="json-errors" id={errorsId} role="alert">
          {view.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </>
  );
  const previewPanel =
    preview.kind === 'messages' ? (
      <MessagesView messages={preview.messages} label="Preview" />
    ) : preview.kind === 'empty' ? (
      <Placeholder title={TRANSCRIPTION_TEXTS.noMessages} hint={TRANSCRIPTION_TEXTS.noMessagesHint} />
    ) : (
      <Placeholder title={TRANSCRIPTION_TEXTS.invalidJson} hint={TRANSCRIPTION_TEXTS.invalidJsonHint} />
    );

  return (
    <Modal
      open={view.open}
      onClose={cancel}
      dismissible={!view.saving}
      closeOnBackdrop={false}
      title="JSON Editor"
      description={view.name}
      size="lg"
      unsavedEdits={view.unsaved}
      footer={(requestClose) => (
        <>
          <Button onClick={requestClose} disabled={view.saving}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={view.saving}
            disabled={view.errors.length > 0}
            onClick={() => actor.send({ type: 'json.save' })}
          >
            Save Changes
          </Button>
        </>
      )}
    >
      <Tabs
        label="Transcription"
        value={view.tab}
        onChange={(tab) => actor.send({ type: 'json.tab', tab: tab as JsonTab })}
        tabs={[
          { id: 'editor', label: 'Editor', content: editor },
          { id: 'preview', label: 'Preview', content: previewPanel },
        ]}
      />
    </Modal>
  );
}
