import { EditorView } from '@codemirror/view';

/** CodeMirror drawn with the design tokens, so light and dark follow the app (tokens.css). */
export const editorTheme = EditorView.theme({
  '&': {
    color: 'var(--color-text)',
    backgroundColor: 'var(--color-surface)',
    fontSize: 'var(--text-sm)',
  },
  '.cm-content': { fontFamily: 'var(--font-mono)', caretColor: 'var(--color-text)' },
  '.cm-gutters': {
    backgroundColor: 'var(--color-surface-subtle)',
    color: 'var(--color-text-subtle)',
    border: 'none',
  },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--color-hover)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--color-accent-soft)',
  },
  '.cm-tooltip': {
    backgroundColor: 'var(--color-surface-raised)',
    color: 'var(--color-text)',
    border: '1px solid var(--color-border)',
    borderRadius: 'var(--radius-sm)',
    maxWidth: '420px',
  },
  '.cm-tooltip-autocomplete ul li[aria-selected]': {
    backgroundColor: 'var(--color-accent-soft)',
    color: 'var(--color-accent-text)',
  },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--color-danger)' },
  '.cm-changedLine': { backgroundColor: 'var(--color-warning-soft)' },
  '.cm-deletedChunk': { backgroundColor: 'var(--color-danger-soft)' },
});
