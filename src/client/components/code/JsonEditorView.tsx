import { indentUnit } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { jsonSchema } from 'codemirror-json-schema';
import { useMemo } from 'react';
import { editorTheme } from './theme';

export interface JsonEditorProps {
  /** The JSON text. */
  value: string;
  onChange?: (text: string) => void;
  /** Hints (completion, hover) and lint come from it: a JSON Schema generated from a shared zod schema. */
  schema: object;
  /** What a screen reader announces for the editor. */
  label: string;
  /** The id of the text that describes it (its error, say), announced with it. */
  describedBy?: string;
  readOnly?: boolean;
  minHeight?: number;
  maxHeight?: number;
  autoFocus?: boolean;
}

/**
 * The editor itself (loaded lazily by JsonEditor): 2-space indentation, word wrap, no minimap, and
 * Tab left to move focus (indentWithTab off), so the keyboard never gets trapped in it. Ctrl/Cmd+K
 * still opens the palette: the palette listens before the editor does.
 */
export default function JsonEditorView({
  value,
  onChange,
  schema,
  label,
  describedBy,
  readOnly = false,
  minHeight = 200,
  maxHeight = 400,
  autoFocus = false,
}: JsonEditorProps) {
  const extensions = useMemo(
    () => [
      jsonSchema(schema as Parameters<typeof jsonSchema>[0]),
      EditorView.lineWrapping,
      indentUnit.of('  '),
      EditorState.tabSize.of(2),
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(describedBy && { 'aria-describedby': describedBy }),
      }),
      editorTheme,
    ],
    [schema, label, describedBy],
  );
  return (
    <CodeMirror
      className="code-editor"
      value={value}
      onChange={onChange}
      extensions={extensions}
      readOnly={readOnly}
      editable={!readOnly}
      autoFocus={autoFocus}
      theme="none"
      minHeight={`${minHeight}px`}
      maxHeight={`${maxHeight}px`}
      indentWithTab={false}
      basicSetup={{ foldGutter: true, highlightActiveLine: !readOnly, tabSize: 2 }}
    />
  );
}
