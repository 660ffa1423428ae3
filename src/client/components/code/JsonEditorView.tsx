import { json, jsonLanguage, jsonParseLinter } from '@codemirror/lang-json';
import { type Diagnostic, linter } from '@codemirror/lint';
import { hoverTooltip } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { disableErrorLogging } from 'best-effort-json-parser';
import {
  handleRefresh,
  jsonCompletion,
  jsonSchemaHover,
  jsonSchemaLinter,
  stateExtensions,
} from 'codemirror-json-schema';
import { useMemo } from 'react';
import { editableCode } from './theme';

// The schema tools read half-typed JSON with this parser, which logs each text it has to guess at
// as a console error ('parsed json with extra tokens'): every keystroke while a field is typed.
disableErrorLogging();

/** The fields a JSON Schema object names, for the message about one it does not. */
const fieldNames = (schema: object): string[] =>
  Object.keys((schema as { properties?: Record<string, unknown> }).properties ?? {});

/**
 * An unknown field is a warning that names the known ones, not an error: specs keep fields the
 * product does not know (placeholders may read them), so saving is not blocked for it.
 */
const unknownFieldAsWarning =
  (known: readonly string[]) =>
  (diagnostic: Diagnostic): Diagnostic => {
    const field = /Additional property `([^`]+)`/.exec(diagnostic.message)?.[1];
    if (!field) return diagnostic;
    const { renderMessage: _, ...rest } = diagnostic;
    return {
      ...rest,
      severity: 'warning',
      message: `Unknown field "${field}": the known fields are ${known.join(', ')}. It is kept as it is.`,
    };
  };

/**
 * codemirror-json-schema's bundle, put together here so the schema's lint can be adjusted: JSON
 * syntax, its parse errors, completion and hover from the schema, and the schema's lint. The
 * schema is the shared one with unknown fields refused, so the lint can point at them.
 */
const schemaTools = (schema: object) => {
  const known = fieldNames(schema);
  const strict = known.length > 0 ? { ...schema, additionalProperties: false } : schema;
  const schemaLint = jsonSchemaLinter();
  return [
    json(),
    linter(jsonParseLinter()),
    linter((view) => schemaLint(view).map(unknownFieldAsWarning(known)), { needsRefresh: handleRefresh }),
    jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
    hoverTooltip(jsonSchemaHover()),
    stateExtensions(strict as Parameters<typeof stateExtensions>[0]),
  ];
};

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
    () => editableCode(schemaTools(schema), label, describedBy),
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
