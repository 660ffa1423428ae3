import { HighlightStyle, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

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
  // The diff's folded regions: middle dots (in every font) instead of U+299A, which many lack.
  '.cm-collapsedLines': {
    color: 'var(--color-text-muted)',
    background: 'var(--color-surface-subtle)',
  },
  '.cm-collapsedLines::before, .cm-collapsedLines::after': { content: '"\\00B7\\00B7\\00B7"' },
});

/**
 * Token colours from the badge tones, as the read-only code blocks use (code-block.css): readable
 * in light and dark alike (CodeMirror's default style has dark red strings, about 2.5:1 on the
 * dark surface).
 */
export const editorHighlight = syntaxHighlighting(
  HighlightStyle.define([
    { tag: [tags.string, tags.special(tags.string)], color: 'var(--tone-green-fg)' },
    { tag: [tags.propertyName, tags.attributeName, tags.variableName], color: 'var(--tone-blue-fg)' },
    { tag: [tags.number, tags.integer, tags.float], color: 'var(--tone-yellow-fg)' },
    { tag: [tags.bool, tags.null, tags.keyword, tags.atom], color: 'var(--tone-purple-fg)' },
    { tag: [tags.comment, tags.meta], color: 'var(--color-text-subtle)', fontStyle: 'italic' },
    { tag: tags.invalid, color: 'var(--color-danger-text)' },
  ]),
);

/**
 * What every editable code editor has around its language: the app's colours, word wrap, 2-space
 * indentation, and its accessible name (and the id of the text that describes it, its error say).
 */
export const editableCode = (language: Extension, label: string, describedBy?: string): Extension[] => [
  language,
  editorHighlight,
  EditorView.lineWrapping,
  indentUnit.of('  '),
  EditorState.tabSize.of(2),
  EditorView.contentAttributes.of({
    'aria-label': label,
    ...(describedBy && { 'aria-describedby': describedBy }),
  }),
  editorTheme,
];
