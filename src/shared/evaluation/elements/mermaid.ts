import { flowchartElements, sequenceElements, stateElements } from './mermaid-flow';
import { lineSentences } from './prose';
import { draft, type ElementDraft, type RelationshipShape } from './types';

/**
 * Mermaid diagrams: class and ER diagrams give classes (entities), attributes and relationships
 * with their multiplicities; flowcharts and state diagrams give nodes and edges; sequence diagrams
 * participants and messages. Any other diagram counts line by line.
 */

/** Front matter, %% comments and %%{init}%% directives say nothing about the domain. */
export const mermaidStatements = (text: string): string[] =>
  text
    .replace(/^\s*---\r?\n[\s\S]*?\r?\n---\s*(\r?\n|$)/, '')
    .split(/\r?\n/)
    .map((line) => line.replace(/%%.*$/, '').trim())
    .filter((line) => line !== '');

export function mermaidElements(text: string): ElementDraft[] {
  const lines = mermaidStatements(text);
  const header = lines[0] ?? '';
  const type = /^[A-Za-z][\w-]*/.exec(header)?.[0]?.toLowerCase() ?? '';
  if (type === 'classdiagram' || type === 'classdiagram-v2') return classElements(lines.slice(1));
  if (type === 'erdiagram') return erElements(lines.slice(1));
  if (type === 'sequencediagram') return sequenceElements(lines.slice(1));
  if (type === 'statediagram' || type === 'statediagram-v2') return stateElements(lines.slice(1));
  if (type === 'graph' || type === 'flowchart' || type === 'flowchart-elk') {
    // "graph TD; A-->B": statements may share the header's line.
    return flowchartElements(lines.join('\n').split(/[\n;]/).slice(1));
  }
  // A diagram type we do not model (gantt, mindmap...) counts line by line; text that is not
  // mermaid at all yields nothing, and the caller falls back to sentences.
  return OTHER_DIAGRAMS.test(header) ? lines.slice(1).flatMap(lineSentences) : [];
}

const OTHER_DIAGRAMS =
  /^(?:gantt|pie|journey|mindmap|gitGraph|timeline|quadrantChart|requirementDiagram|C4\w+|sankey|xychart|block|packet|kanban|architecture|zenuml|treemap|radar)\b/;

/** Classes met so far, in order of first mention, with the members and relationships found. */
class Diagram {
  readonly classes = new Map<string, string>();
  readonly members: ElementDraft[] = [];
  readonly relationships: ElementDraft[] = [];

  addClass(name: string, label?: string) {
    if (!this.classes.has(name) || label) this.classes.set(name, label?.trim() || name);
  }

  addMember(owner: string, line: string) {
    this.addClass(owner);
    const member = line
      .replace(/<<[^>]*>>/g, ' ')
      .replace(/^[+\-#~]\s*/, '')
      .replace(/[$*]\s*$/, '')
      .trim();
    if (member === '' || member === '{' || member === '}') return;
    const method = /^([\p{L}\p{N}_$]+)\s*\(/u.exec(member);
    const colon = /^([\p{L}\p{N}_$]+)\s*:/u.exec(member);
    const name = method?.[1] ?? colon?.[1] ?? member.split(/\s+/).at(-1) ?? member;
    const label = `${this.classes.get(owner) ?? owner}.${name}${method ? '()' : ''}`;
    this.members.push(draft('attribute', label, `${owner} ${name}`, owner));
  }

  elements(): ElementDraft[] {
    const classes = [...this.classes].map(([name, label]) =>
      draft('class', label, label === name ? name : `${name} ${label}`),
    );
    return [...classes, ...this.members, ...this.relationships];
  }
}

const NAME = String.raw`[\p{L}\p{N}_$]+`;
const CLASS_ARROW = String.raw`<\|--|<\|\.\.|\*--|o--|<--|<\.\.|--\|>|\.\.\|>|--\*|--o|-->|\.\.>|--|\.\.`;
const RELATIONSHIP = new RegExp(
  String.raw`^(${NAME})\s*(?:"([^"]*)")?\s*(${CLASS_ARROW})\s*(?:"([^"]*)")?\s*(${NAME})\s*(?::\s*(.*))?$`,
  'u',
);
const CLASS_DECLARATION = new RegExp(
  String.raw`^class\s+(${NAME})(?:~[^~]*~)?\s*(?:\["([^"]*)"\])?\s*(?::::[\w-]+)?\s*(\{)?\s*(.*)$`,
  'u',
);
const MEMBER_LINE = new RegExp(String.raw`^(${NAME})\s*:\s*(.+)$`, 'u');
const INHERITANCE = new Set(['<|--', '<|..', '--|>', '..|>']);
/** Composition and aggregation, by the side the diamond is on. */
const WHOLE_ON_LEFT = new Set(['*--', 'o--']);
const WHOLE_ON_RIGHT = new Set(['--*', '--o']);

const end = (name: string, many: string | undefined) => ({
  name,
  ...(many?.trim() && { many: many.trim() }),
});

function relationship(diagram: Diagram, match: RegExpExecArray) {
  const [, left = '', leftMany, arrow = '', rightMany, right = '', label] = match;
  diagram.addClass(left);
  diagram.addClass(right);
  const name = (id: string) => diagram.classes.get(id) ?? id;
  if (INHERITANCE.has(arrow)) {
    const [child, parent] = arrow.startsWith('<') ? [right, left] : [left, right];
    const shape: RelationshipShape = {
      link: 'generalisation',
      ends: [end(child, undefined), end(parent, undefined)],
    };
    diagram.relationships.push({
      ...draft('relationship', `${name(child)} is a ${name(parent)}`, `${child} ${parent}`, child),
      shape,
    });
    return;
  }
  const side = (id: string, many: string | undefined, before: boolean) =>
    many ? (before ? `${name(id)} "${many}"` : `"${many}" ${name(id)}`) : name(id);
  const text = `${side(left, leftMany, true)} ${arrow} ${side(right, rightMany, false)}`;
  const verb = label?.trim();
  const ends = [end(left, leftMany), end(right, rightMany)] as const;
  const shape: RelationshipShape = WHOLE_ON_LEFT.has(arrow)
    ? { link: 'whole-part', ends }
    : WHOLE_ON_RIGHT.has(arrow)
      ? { link: 'whole-part', ends: [ends[1], ends[0]] }
      : { link: 'association', ends };
  diagram.relationships.push({
    ...draft('relationship', verb ? `${text} : ${verb}` : text, `${left} ${verb ?? ''} ${right}`, left),
    shape,
  });
}

function classElements(lines: string[]): ElementDraft[] {
  const diagram = new Diagram();
  let open: string | undefined;
  for (const line of lines) {
    if (open !== undefined) {
      if (line.startsWith('}')) open = undefined;
      else diagram.addMember(open, line.replace(/\}\s*$/, ''));
      if (line.endsWith('}')) open = undefined;
      continue;
    }
    const declaration = CLASS_DECLARATION.exec(line);
    if (declaration) {
      const [, name = '', label, brace, rest = ''] = declaration;
      diagram.addClass(name, label);
      if (brace && !rest.includes('}')) open = name;
      else if (brace) diagram.addMember(name, rest.replace(/\}.*$/, ''));
      continue;
    }
    const related = RELATIONSHIP.exec(line);
    if (related) {
      relationship(diagram, related);
      continue;
    }
    const annotation = /^<<[^>]*>>\s*([\p{L}\p{N}_$]+)\s*$/u.exec(line);
    if (annotation) {
      diagram.addClass(annotation[1]!);
      continue;
    }
    const member = MEMBER_LINE.exec(line);
    if (member && !/^(?:note|direction|namespace|style|cssClass|click|link|callback)$/i.test(member[1]!)) {
      diagram.addMember(member[1]!, member[2]!);
    }
  }
  return diagram.elements();
}

const ER_CARDINALITY = String.raw`(?:\|o|\|\||\}o|\}\||o\||o\{|\|\{|\}\{)`;
const ER_RELATIONSHIP = new RegExp(
  String.raw`^"?([\p{L}\p{N}_-]+)"?\s*(${ER_CARDINALITY}(?:--|\.\.)${ER_CARDINALITY})\s*"?([\p{L}\p{N}_-]+)"?\s*:\s*"?(.*?)"?$`,
  'u',
);
const ER_CARDINALITY_TEXT: Record<string, string> = {
  '|o': '0..1',
  'o|': '0..1',
  '||': '1',
  '}o': '0..*',
  'o{': '0..*',
  '}|': '1..*',
  '|{': '1..*',
};

/** ER diagrams read as class diagrams: entities, their attributes, relationships with cardinalities. */
function erElements(lines: string[]): ElementDraft[] {
  const diagram = new Diagram();
  let open: string | undefined;
  for (const line of lines) {
    if (open !== undefined) {
      if (line.startsWith('}')) {
        open = undefined;
        continue;
      }
      // type name [PK|FK|UK] ["comment"]
      const [, name] = /^\S+\s+([\p{L}\p{N}_-]+)/u.exec(line) ?? [];
      if (name) diagram.addMember(open, name);
      continue;
    }
    const entity = /^"?([\p{L}\p{N}_-]+)"?\s*(?:\["?([^\]"]*)"?\])?\s*\{\s*$/u.exec(line);
    if (entity) {
      diagram.addClass(entity[1]!, entity[2]);
      open = entity[1]!;
      continue;
    }
    const related = ER_RELATIONSHIP.exec(line);
    if (related) {
      const [, left = '', arrow = '', right = '', label = ''] = related;
      diagram.addClass(left);
      diagram.addClass(right);
      const many = (mark: string) => ER_CARDINALITY_TEXT[mark] ?? mark;
      const text = `${left} "${many(arrow.slice(0, 2))}" -- "${many(arrow.slice(-2))}" ${right}`;
      diagram.relationships.push({
        ...draft('relationship', label ? `${text} : ${label}` : text, `${left} ${label} ${right}`, left),
        shape: {
          link: 'association',
          ends: [end(left, many(arrow.slice(0, 2))), end(right, many(arrow.slice(-2)))],
        },
      });
      continue;
    }
    const lone = /^"?([\p{L}\p{N}_-]+)"?$/u.exec(line);
    if (lone) diagram.addClass(lone[1]!);
  }
  return diagram.elements();
}
