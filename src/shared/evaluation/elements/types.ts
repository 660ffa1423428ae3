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

/**
 * What a diagram's relationship asserts beyond its words: the kind of link and its two ends, with
 * their multiplicities as written. A generalisation's ends are [child, parent], a whole-part's
 * [whole, part]; an association's as written. Grading a hand-in compares them; a conversation
 * never states them, so reveal tracking does not read them.
 */
export interface RelationshipShape {
  link: 'generalisation' | 'whole-part' | 'association';
  ends: readonly [RelationshipEnd, RelationshipEnd];
}
export interface RelationshipEnd {
  name: string;
  many?: string;
}

export interface SolutionElement {
  /** e1, e2...: stable for the same solution. */
  id: string;
  kind: ElementKind;
  label: string;
  text: string;
  /** What it belongs to: an attribute's class, an entry's path, an item's heading. */
  parent?: string;
  /** A relationship's kind and ends (class and ER diagrams). */
  shape?: RelationshipShape;
}

/** An element before it is numbered. */
export type ElementDraft = Omit<SolutionElement, 'id'>;

export const draft = (kind: ElementKind, label: string, text: string, parent?: string): ElementDraft => ({
  kind,
  label: label.replace(/\s+/g, ' ').trim(),
  text: text.replace(/\s+/g, ' ').trim(),
  ...(parent ? { parent: parent.replace(/\s+/g, ' ').trim() } : {}),
});
