import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import type { SolutionFormat } from '@shared/schemas/resources';
import CodeMirror from '@uiw/react-codemirror';
import { useMemo } from 'react';
import { editableCode } from '../../components/code/theme';

export interface HandInEditorProps {
  value: string;
  format: SolutionFormat;
  label: string;
  describedBy?: string;
  onChange: (text: string) => void;
}

/** The language a format is edited in: YAML and JSON highlighted, the others plain text. */
const languageOf = (format: SolutionFormat) =>
  format === 'yaml' ? [yaml()] : format === 'json' ? [json()] : [];

/**
 * The hand-in's editor (a chunk of its own): CodeMirror, word wrap, and Tab left to move the focus
 * (indentWithTab off), so the keyboard is never trapped in it.
 */
export default function HandInEditor({ value, format, label, describedBy, onChange }: HandInEditorProps) {
  const extensions = useMemo(
    () => editableCode(languageOf(format), label, describedBy),
    [format, label, describedBy],
  );
  return (
    <CodeMirror
      className="code-editor hand-in__editor"
      value={value}
      onChange={onChange}
      extensions={extensions}
      theme="none"
      minHeight="220px"
      maxHeight="480px"
      indentWithTab={false}
      basicSetup={{ foldGutter: false, tabSize: 2 }}
    />
  );
}
