import { AlertIcon, Button, Modal, Select, Tabs } from '@client/components';
import { JsonEditor } from '@client/components/code/JsonEditor';
import {
  canSaveEdit,
  type EditorTab,
  editorTab,
  hasEditorChanges,
  hasVisualEditor,
  isEditorOpen,
  type PartEditorSnapshot,
} from '@machines/partEditor';
import { API_VERSIONS } from '@shared/schemas/resources';
import { SPEC_JSON_SCHEMAS } from '@shared/schemas/spec-json-schemas';
import { shallowEqual } from '@xstate/react';
import { type KeyboardEvent, useId } from 'react';
import { PartEditorActor } from '../actors';
import { PART_LABEL } from '../labels';
import { BehaviourFields } from './BehaviourFields';
import { listedIssues } from './fields';
import { PersonaFields } from './PersonaFields';
import { ProblemFields } from './ProblemFields';

const selectView = (s: PartEditorSnapshot) => ({
  open: isEditorOpen(s),
  tab: editorTab(s),
  canSave: canSaveEdit(s),
  unsaved: hasEditorChanges(s),
  kind: s.context.kind,
  part: s.context.part,
  apiVersion: s.context.apiVersion,
  value: s.context.value,
  text: s.context.text,
  textError: s.context.textError,
  issues: s.context.issues,
  saveError: s.context.saveError,
});

const API_VERSION_OPTIONS = API_VERSIONS.map((version) => ({ value: version, label: version }));

type View = ReturnType<typeof selectView>;
type Send = ReturnType<typeof PartEditorActor.useActorRef>['send'];
type Kind = NonNullable<View['kind']>;

/** The Code Editor: the spec as JSON, with the error that keeps it from parsing. */
function PartCodeEditor({
  kind,
  view,
  send,
  errorId,
}: {
  kind: Kind;
  view: View;
  send: Send;
  errorId: string;
}) {
  return (
    <div className="part-editor__code">
      <JsonEditor
        value={view.text}
        onChange={(text) => send({ type: 'editor.text', text })}
        schema={SPEC_JSON_SCHEMAS[kind]}
        label={`${PART_LABEL[kind]} spec (JSON)`}
        describedBy={view.textError ? errorId : undefined}
        minHeight={280}
        maxHeight={440}
      />
      {view.textError && (
        <p className="field__error" id={errorId}>
          {view.textError}
        </p>
      )}
    </div>
  );
}

/** The Visual Editor: the fields of the part's kind. */
function PartVisualEditor({ kind, view, send }: { kind: Kind; view: View; send: Send }) {
  return (
    <div className="part-editor__visual">
      {kind === 'persona' ? (
        <PersonaFields
          value={view.value}
          issues={view.issues}
          onField={(field, value) => send({ type: 'editor.field', field, value })}
        />
      ) : kind === 'problem' ? (
        <ProblemFields
          value={view.value}
          issues={view.issues}
          onField={(field, value) => send({ type: 'editor.field', field, value })}
        />
      ) : (
        <BehaviourFields
          value={view.value}
          issues={view.issues}
          onField={(field, value) => send({ type: 'editor.field', field, value })}
        />
      )}
    </div>
  );
}

/** What is wrong in the spec, by path. */
function SpecIssues({ issues }: { issues: ReturnType<typeof listedIssues> }) {
  return (
    <ul className="part-editor__issues" aria-label="Problems in the spec">
      {issues.map((issue) => (
        <li key={`${issue.path}:${issue.message}`}>
          {issue.path && <code>{issue.path}</code>} {issue.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * The part editor (machines/partEditor.ts): a Visual Editor (long texts as text) and a Code Editor
 * (a behaviour opens on it, as the product edits behaviours) over one value; an API Version
 * selector (v1), Save and Cancel. Save is disabled while the JSON is invalid; Ctrl+Enter saves.
 */
export function PartEditorModal() {
  const editor = PartEditorActor.useActorRef();
  const view = PartEditorActor.useSelector(selectView, shallowEqual);
  const errorId = useId();
  const { kind, part } = view;
  const send = editor.send.bind(editor);
  const cancel = () => send({ type: 'editor.cancel' });
  const save = () => send({ type: 'editor.save' });
  // Before the code editor sees it (CodeMirror inserts a line on Ctrl+Enter).
  const saveOnCtrlEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    event.stopPropagation();
    save();
  };

  if (!view.open || !kind || !part) return null;
  const visualKind = view.tab === 'visual' ? kind : null;
  const issues = listedIssues(view.issues, visualKind);

  const code = <PartCodeEditor kind={kind} view={view} send={send} errorId={errorId} />;
  const visual = <PartVisualEditor kind={kind} view={view} send={send} />;

  return (
    <Modal
      open={view.open}
      onClose={cancel}
      title={`Edit ${PART_LABEL[kind]}`}
      description={`${part.metadata.name} v${part.metadata.version}`}
      size="lg"
      closeOnBackdrop={false}
      className="part-editor"
      unsavedEdits={view.unsaved}
      footer={(requestClose) => (
        <>
          <Button onClick={requestClose}>Cancel</Button>
          <Button variant="primary" disabled={!view.canSave} onClick={() => save()}>
            Save
          </Button>
        </>
      )}
    >
      {/* Enter in a field does not save (a stray Enter would close the editor); Ctrl+Enter does. */}
      <form
        className="part-editor__form"
        noValidate
        onSubmit={(event) => event.preventDefault()}
        onKeyDownCapture={saveOnCtrlEnter}
      >
        <Select
          label="API Version"
          className="part-editor__api"
          options={API_VERSION_OPTIONS}
          value={view.apiVersion}
          onChange={(event) => send({ type: 'editor.apiVersion', apiVersion: event.target.value })}
        />
        {hasVisualEditor(kind) ? (
          <Tabs
            label={`${PART_LABEL[kind]} editor`}
            value={view.tab}
            onChange={(tab) => send({ type: 'editor.tab', tab: tab as EditorTab })}
            tabs={[
              { id: 'visual', label: 'Visual Editor', content: visual, disabled: view.textError !== null },
              { id: 'code', label: 'Code Editor', content: code },
            ]}
          />
        ) : (
          code
        )}
        {issues.length > 0 && view.textError === null && <SpecIssues issues={issues} />}
        {view.saveError && (
          <p className="alert alert--error" role="alert">
            <AlertIcon />
            {view.saveError}
          </p>
        )}
      </form>
    </Modal>
  );
}
