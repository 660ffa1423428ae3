import {
  canSaveEdit,
  editorTab,
  isEditorOpen,
  PART_EDITOR_TEXTS,
  type PartEditorEvent,
  type PartEditorSnapshot,
  partEditorMachine,
  readSpecText,
  specIssues,
} from '@machines/partEditor';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ada, interviewee, library } from './wizard/fixtures';

const start = () => {
  const saved: { kind: string; spec: Record<string, unknown>; apiVersion: string }[] = [];
  const actor = createActor(
    partEditorMachine.provide({ actions: { onSave: (_, params) => void saved.push(params) } }),
  ).start();
  return { actor, saved, send: actor.send.bind(actor), snap: () => actor.getSnapshot() };
};

describe('partEditor machine', () => {
  it('opens a persona or problem on the Visual Editor, a behaviour on the code editor (its Visual Editor a tab away)', () => {
    const { send, snap } = start();
    send({ type: 'editor.open', kind: 'persona', part: ada });
    expect(editorTab(snap())).toBe('visual');
    expect(snap().context.text).toBe(JSON.stringify(ada.spec, null, 2));
    send({ type: 'editor.cancel' });
    send({ type: 'editor.open', kind: 'behaviour', part: interviewee });
    expect(editorTab(snap())).toBe('code');
    send({ type: 'editor.tab', tab: 'visual' });
    expect(editorTab(snap())).toBe('visual');
    send({ type: 'editor.field', field: 'description', value: 'Line one.\n\nLine two.' });
    expect(snap().context.text).toContain('"description": "Line one.\\n\\nLine two."');
  });

  it('a visual field changes the one value, which the code editor shows; Save hands it over', () => {
    const { send, snap, saved } = start();
    send({ type: 'editor.open', kind: 'persona', part: ada });
    send({ type: 'editor.field', field: 'firstName', value: 'Augusta' });
    send({ type: 'editor.field', field: 'description', value: undefined });
    send({ type: 'editor.tab', tab: 'code' });
    expect(JSON.parse(snap().context.text)).toEqual({ fullName: 'Ada Lovelace', firstName: 'Augusta' });
    send({ type: 'editor.save' });
    expect(saved).toEqual([
      { kind: 'persona', spec: { fullName: 'Ada Lovelace', firstName: 'Augusta' }, apiVersion: 'v1' },
    ]);
    expect(isEditorOpen(snap())).toBe(false);
  });

  it("invalid JSON: 'Invalid JSON format', Save disabled, 'Cannot save: Invalid JSON format' on a save, no tab switch", () => {
    const { send, snap, saved } = start();
    send({ type: 'editor.open', kind: 'problem', part: library });
    send({ type: 'editor.tab', tab: 'code' });
    send({ type: 'editor.text', text: '{"description": "A zoo",' });
    expect(snap().context.textError).toBe(
      'Invalid JSON format (line 1, column 25: a field name in double quotes is expected)',
    );
    expect(canSaveEdit(snap())).toBe(false);
    send({ type: 'editor.save' });
    expect(snap().context.saveError).toBe(
      'Cannot save: Invalid JSON format (line 1, column 25: a field name in double quotes is expected)',
    );
    expect(saved).toEqual([]);
    send({ type: 'editor.tab', tab: 'visual' });
    expect(editorTab(snap())).toBe('code');
    // The value is the last one that parsed.
    expect(snap().context.value).toEqual(library.spec);
    send({ type: 'editor.text', text: '{"description": "A zoo"}' });
    expect(snap().context.saveError).toBeNull();
    expect(canSaveEdit(snap())).toBe(true);
    send({ type: 'editor.tab', tab: 'visual' });
    expect(editorTab(snap())).toBe('visual');
    expect(snap().context.value).toEqual({ description: 'A zoo' });
  });

  it('a spec the shared schema refuses cannot be saved either, and says why', () => {
    const { send, snap, saved } = start();
    send({ type: 'editor.open', kind: 'persona', part: ada });
    send({ type: 'editor.field', field: 'fullName', value: '  ' });
    expect(snap().context.issues).toEqual([{ path: 'fullName', message: 'Full name is required' }]);
    expect(canSaveEdit(snap())).toBe(false);
    send({ type: 'editor.save' });
    expect(snap().context.saveError).toBe(PART_EDITOR_TEXTS.cannotSave('Full name is required'));
    expect(saved).toEqual([]);
  });

  it('reads a spec text with the input rule: JSON, an object, no NUL', () => {
    expect(readSpecText('[1]')).toEqual({ ok: false, error: 'Spec must be an object' });
    expect(readSpecText('{"a": "\\u0000"}')).toEqual({
      ok: false,
      error: 'a must not contain the NUL character (U+0000)',
    });
    expect(readSpecText('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(specIssues('problem', { description: 'x', solutionFormat: 'pdf' })[0]?.message).toBe(
      'Solution format must be one of: text, mermaid, yaml, markdown, html, json, xml',
    );
  });

  it('Cancel changes nothing; the API version can only be v1', () => {
    const { send, snap, saved } = start();
    send({ type: 'editor.open', kind: 'persona', part: ada });
    send({ type: 'editor.apiVersion', apiVersion: 'v1' });
    send({ type: 'editor.field', field: 'firstName', value: 'X' });
    send({ type: 'editor.cancel' });
    expect(saved).toEqual([]);
    expect(snap().value).toBe('Closed');
  });

  it('every state is reachable (xstate/graph)', () => {
    const events: PartEditorEvent[] = [
      { type: 'editor.open', kind: 'persona', part: ada },
      { type: 'editor.open', kind: 'behaviour', part: interviewee },
      { type: 'editor.tab', tab: 'code' },
      { type: 'editor.tab', tab: 'visual' },
      { type: 'editor.text', text: '{' },
      { type: 'editor.save' },
      { type: 'editor.cancel' },
    ];
    const serializeState = (s: PartEditorSnapshot) =>
      JSON.stringify([s.value, s.context.kind, s.context.textError]);
    const reached = new Set(
      getShortestPaths(partEditorMachine.provide({ actions: { onSave: () => {} } }), {
        events,
        serializeState,
      }).map((path) => JSON.stringify(path.state.value)),
    );
    expect([...reached].sort()).toEqual(['"Closed"', '{"Open":"Code"}', '{"Open":"Visual"}']);
  });
});
