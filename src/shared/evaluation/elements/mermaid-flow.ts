import { draft, type ElementDraft } from './types';

/** Flowcharts, state diagrams and sequence diagrams: nodes and edges, participants and messages. */

/** Nodes in order of first mention (id -> shown text) and the edges between them. */
class Graph {
  readonly nodes = new Map<string, string>();
  readonly edges: { from: string; to: string; label?: string }[] = [];

  node(id: string, text?: string) {
    const shown = text?.replace(/<br\s*\/?>/gi, ' ').trim();
    if (!this.nodes.has(id) || (shown && this.nodes.get(id) === id)) this.nodes.set(id, shown || id);
  }

  edge(from: string, to: string, label?: string) {
    this.node(from);
    this.node(to);
    this.edges.push({ from, to, ...(label?.trim() ? { label: label.trim() } : {}) });
  }

  elements(): ElementDraft[] {
    const name = (id: string) => this.nodes.get(id) ?? id;
    return [
      ...[...this.nodes].map(([id, text]) => draft('node', text, text === id ? id : `${text}`)),
      ...this.edges.map(({ from, to, label }) =>
        draft(
          'edge',
          `${name(from)} → ${name(to)}${label ? ` : ${label}` : ''}`,
          `${name(from)} ${label ?? ''} ${name(to)}`,
          name(from),
        ),
      ),
    ];
  }
}

const ID = /[\p{L}\p{N}_]+/uy;
const CLOSER: Record<string, string> = { '[': ']', '(': ')', '{': '}', '>': ']' };
const ARROW_WITH_TEXT = /\s*<?(?:--|==|-\.)\s+(.+?)\s+(?:-{2,}[>xo]?|={2,}[>xo]?|\.?-+[>xo]|-\.-+[>xo]?)/y;
const ARROW = /\s*(<?(?:-{2,}|={2,}|-?\.+-?|~~~)[>xo]?)\s*(?:\|([^|]*)\|)?/y;

/** Reads statements such as `A[Start] -->|yes| B{Check} & C --- D((End))`. */
class Statement {
  #at = 0;
  constructor(
    readonly text: string,
    readonly graph: Graph,
  ) {}

  #sticky(pattern: RegExp): RegExpExecArray | null {
    pattern.lastIndex = this.#at;
    const match = pattern.exec(this.text);
    if (match) this.#at = pattern.lastIndex;
    return match;
  }

  /** A node reference with its optional shape and text; undefined when none starts here. */
  #node(): string | undefined {
    this.#sticky(/\s*/y);
    const id = this.#sticky(ID)?.[0];
    if (!id) return undefined;
    this.#sticky(/:::[\w-]+/y);
    const open = this.text[this.#at];
    let text: string | undefined;
    if (open && open in CLOSER) {
      const start = this.#at;
      const body = this.text.slice(start).replace(/^[[({>/\\]+/, '');
      const skipped = this.text.length - start - body.length;
      const quoted = /^\s*"([^"]*)"/.exec(body);
      const end = body.indexOf(CLOSER[open]!, quoted ? quoted[0].length : 0);
      const inner = end < 0 ? body : body.slice(0, end);
      text = (quoted?.[1] ?? inner.replace(/[/\\)\]}]+$/, '')).replace(/[`"]/g, '').trim();
      this.#at = end < 0 ? this.text.length : start + skipped + end;
      this.#sticky(/[)\]}/\\]*/y);
    }
    this.graph.node(id, text);
    return id;
  }

  /** Nodes joined with & */
  #group(): string[] {
    const first = this.#node();
    if (!first) return [];
    const group = [first];
    while (this.#sticky(/\s*&\s*/y)) {
      const next = this.#node();
      if (!next) break;
      group.push(next);
    }
    return group;
  }

  read() {
    let from = this.#group();
    while (from.length > 0) {
      const withText = this.#sticky(ARROW_WITH_TEXT);
      const arrow = withText ?? this.#sticky(ARROW);
      if (!arrow) return;
      const label = withText ? withText[1] : arrow[2];
      const to = this.#group();
      for (const a of from) for (const b of to) this.graph.edge(a, b, label);
      from = to;
    }
  }
}

const FLOWCHART_SKIP = /^(?:end|classDef|class|style|linkStyle|click|direction|accTitle|accDescr)\b/;

export function flowchartElements(statements: string[]): ElementDraft[] {
  const graph = new Graph();
  for (const raw of statements) {
    const statement = raw.trim();
    if (statement === '' || FLOWCHART_SKIP.test(statement)) continue;
    if (/^subgraph\b/.test(statement)) continue;
    new Statement(statement, graph).read();
  }
  return graph.elements();
}

const STATE = String.raw`\[\*\]|[\p{L}\p{N}_.]+`;
const TRANSITION = new RegExp(String.raw`^(${STATE})\s*-->\s*(${STATE})\s*(?::\s*(.*))?$`, 'u');

/** States are nodes and transitions edges; the start and end marks [*] are neither. */
export function stateElements(lines: string[]): ElementDraft[] {
  const graph = new Graph();
  for (const line of lines) {
    const transition = TRANSITION.exec(line);
    if (transition) {
      const [, from = '', to = '', label] = transition;
      if (from === '[*]' && to !== '[*]') graph.node(to);
      else if (to === '[*]' && from !== '[*]') graph.node(from);
      else if (from !== '[*]') graph.edge(from, to, label);
      continue;
    }
    const named = /^state\s+"([^"]*)"\s+as\s+([\p{L}\p{N}_.]+)/u.exec(line);
    if (named) {
      graph.node(named[2]!, named[1]);
      continue;
    }
    const block = /^state\s+([\p{L}\p{N}_.]+)/u.exec(line);
    if (block) {
      graph.node(block[1]!);
      continue;
    }
    const described = /^([\p{L}\p{N}_.]+)\s*:\s*(.+)$/u.exec(line);
    if (described && !/^(?:note|direction|classDef|class)$/i.test(described[1]!)) {
      graph.node(described[1]!, described[2]);
    }
  }
  return graph.elements();
}

const PARTICIPANT = /^(?:create\s+)?(?:participant|actor)\s+(.+?)(?:\s+as\s+(.+))?$/i;
const MESSAGE = /^(.+?)\s*(<<-+>>|<<-+>|-{1,2}>>|-{1,2}>|-{1,2}x|-{1,2}\))\s*[+-]?\s*(.+?)\s*:\s*(.*)$/;

/** Sequence diagrams: participants (by their shown name) and messages ("Customer → Shop: order"). */
export function sequenceElements(lines: string[]): ElementDraft[] {
  const participants = new Map<string, string>();
  const messages: ElementDraft[] = [];
  const participant = (id: string, alias?: string) => {
    const key = id.trim();
    if (!participants.has(key) || alias) participants.set(key, alias?.trim() || key);
    return participants.get(key)!;
  };
  for (const line of lines) {
    const declared = PARTICIPANT.exec(line);
    if (declared) {
      participant(declared[1]!, declared[2]);
      continue;
    }
    const message = MESSAGE.exec(line);
    if (!message) continue;
    const [, from = '', , to = '', text = ''] = message;
    const a = participant(from);
    const b = participant(to);
    const label = text.replace(/<br\s*\/?>/gi, ' ').trim();
    messages.push(draft('message', `${a} → ${b}${label ? `: ${label}` : ''}`, `${a} ${label} ${b}`, a));
  }
  return [...[...participants.values()].map((name) => draft('participant', name, name)), ...messages];
}
