/**
 * Keyboard shortcut rules (docs/architecture.md "Palette commands"): Ctrl/Cmd+K works everywhere;
 * every other shortcut is a key or a space-separated sequence ('?', '/', 'g s') that never
 * fires while the user types in a field.
 */

/** Sequences must be completed within this time ('g' then 's'). */
export const SEQUENCE_TIMEOUT_MS = 1000;

export const isPaletteShortcut = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

/** True inside text inputs, textareas, selects and editable content (e.g. the JSON editor). */
export const isTypingTarget = (target: EventTarget | null): boolean => {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target.closest('[contenteditable]:not([contenteditable="false"]), [role="textbox"]') !== null;
};

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph', 'Dead']);

/** The key as written in shortcuts: printable keys lower-cased ('G' -> 'g', '?' stays). */
export const eventKey = (event: KeyboardEvent): string | null => {
  if (MODIFIER_KEYS.has(event.key)) return null;
  return event.key.length === 1 ? event.key.toLowerCase() : event.key;
};

export const parseShortcut = (shortcut: string): string[] => shortcut.trim().toLowerCase().split(/\s+/);

export type SequenceMatch = { kind: 'match'; index: number } | { kind: 'prefix' } | { kind: 'none' };

/** Which sequence the pressed keys complete (the last registered wins), or whether they start one. */
export const matchSequence = (pressed: readonly string[], sequences: readonly string[][]): SequenceMatch => {
  const startsWith = (sequence: string[]) => pressed.every((key, i) => sequence[i] === key);
  const index = sequences.findLastIndex(
    (sequence) => sequence.length === pressed.length && startsWith(sequence),
  );
  if (index >= 0) return { kind: 'match', index };
  const prefix = sequences.some((sequence) => sequence.length > pressed.length && startsWith(sequence));
  return prefix ? { kind: 'prefix' } : { kind: 'none' };
};

/** Key caps to show for a shortcut: 'g s' -> ['G', 'S'], 'mod+k' -> ['Ctrl', 'K']. */
export const shortcutCaps = (shortcut: string, modLabel: string): string[] =>
  shortcut
    .trim()
    .split(/\s+/)
    .flatMap((step) => step.split('+'))
    .map((key) => (key === 'mod' ? modLabel : key.length === 1 ? key.toUpperCase() : key));
