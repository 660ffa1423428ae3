import { lazy, Suspense } from 'react';
import type { JsonEditorProps } from './JsonEditorView';

export type { JsonEditorProps } from './JsonEditorView';

const View = lazy(() => import('./JsonEditorView'));

/**
 * A JSON code editor (CodeMirror) with JSON-Schema completion, hover and lint. Its chunk loads on
 * first use; until then the box says 'Loading...' at the editor's height, so nothing jumps.
 */
export function JsonEditor(props: JsonEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="code-editor code-editor--loading" style={{ minHeight: props.minHeight ?? 200 }}>
          Loading...
        </div>
      }
    >
      <View {...props} />
    </Suspense>
  );
}
