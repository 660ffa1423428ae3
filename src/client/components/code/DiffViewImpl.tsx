import { json } from '@codemirror/lang-json';
import { MergeView } from '@codemirror/merge';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { editorHighlight, editorTheme } from './theme';

export interface DiffViewProps {
  before: string;
  after: string;
  /** Headings of the two sides, e.g. 'Original' and 'Edited', or 'v1.0.0' and 'v1.1.0'. */
  beforeLabel: string;
  afterLabel: string;
  language?: 'json' | 'text';
}

const sideExtensions = (label: string, language: DiffViewProps['language']): Extension[] => [
  lineNumbers(),
  editorHighlight,
  ...(language === 'json' ? [json()] : []),
  EditorView.lineWrapping,
  EditorView.editable.of(false),
  EditorState.readOnly.of(true),
  EditorView.contentAttributes.of({ 'aria-label': label }),
  editorTheme,
];

export default function DiffViewImpl({
  before,
  after,
  beforeLabel,
  afterLabel,
  language = 'text',
}: DiffViewProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const view = new MergeView({
      a: { doc: before, extensions: sideExtensions(beforeLabel, language) },
      b: { doc: after, extensions: sideExtensions(afterLabel, language) },
      parent: host.current,
      collapseUnchanged: { margin: 2, minSize: 4 },
      gutter: true,
    });
    return () => view.destroy();
  }, [before, after, beforeLabel, afterLabel, language]);
  return (
    <div className="diff-view">
      <div className="diff-view__labels" aria-hidden="true">
        <span>{beforeLabel}</span>
        <span>{afterLabel}</span>
      </div>
      <div ref={host} className="diff-view__editors" />
    </div>
  );
}
