/**
 * A solution element: one thing a conversation can reveal (a class, an attribute, a step, a
 * requirement...). `label` is what the report shows; `text` is what a reply must carry, in words
 * (an attribute's text names its class too, so "name" alone never reveals Room.name).
 */
export const ELEMENT_KINDS = [
  'class',
  'attribute',
  'relationship',
  'node',
  'edge',
  'participant',
  'message',
  'entry',
  'text',
  'item',
  'sentence',
] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];

export interface SolutionElement {
  /** e1, e2...: stable for the same solution. */
  id: string;
  kind: ElementKind;
  label: string;
  text: string;
  /** What it belongs to: an attribute's class, an entry's path, an item's heading. */
  parent?: string;
}

/** An element before it is numbered. */
export type ElementDraft = Omit<SolutionElement, 'id'>;

export const draft = (kind: ElementKind, label: string, text: string, parent?: string): ElementDraft => ({
  kind,
  label: label.replace(/\s+/g, ' ').trim(),
  text: text.replace(/\s+/g, ' ').trim(),
  ...(parent ? { parent: parent.replace(/\s+/g, ' ').trim() } : {}),
});
