import { terms } from '../normalise';
import { prosePieces } from '../sentences';
import { draft, type ElementDraft } from './types';

/**
 * XML and HTML: the text of each element, split into sentences, with the element's path as its
 * parent (`library/room/name`). A small tolerant scanner rather than a DOM (this runs on the server
 * too): unclosed tags close at the end, stray closing tags are ignored, comments, doctypes and
 * processing instructions are skipped, and in HTML inline tags (b, em, a, span...) do not split
 * text while script and style say nothing. An element with no text of its own is represented by
 * a naming attribute (name, title, label, value, alt), so `<class name="Member"/>` counts.
 */

const INLINE_HTML = new Set(
  'a abbr b bdi bdo br cite code data del dfn em font i img ins kbd mark q s samp small span strong sub sup time u var wbr'.split(
    ' ',
  ),
);
const VOID_HTML = new Set('area base br col embed hr img input link meta param source track wbr'.split(' '));
const RAW_TEXT_HTML = new Set(['script', 'style']);
const NAMING_ATTRIBUTES = ['name', 'title', 'label', 'value', 'alt', 'text', 'description'];

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name) => ENTITIES[name] ?? '');

const TAG = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[^\s=>/"']+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s=>/"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

interface Frame {
  name: string;
  path: string;
  text: string[];
  attributes: Record<string, string>;
}

function attributesOf(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    const value = match[2] ?? match[3] ?? match[4];
    if (value !== undefined) attributes[match[1]!.toLowerCase()] = decode(value);
  }
  return attributes;
}

/** A closed element's elements: its text's pieces, or else the attribute that names it. */
function frameElements(frame: Frame): ElementDraft[] {
  const text = decode(frame.text.join(' ')).replace(/\s+/g, ' ').trim();
  const parent = frame.path || undefined;
  if (terms(text).length > 0) return prosePieces(text).map((piece) => draft('text', piece, piece, parent));
  const naming = NAMING_ATTRIBUTES.map((key) => frame.attributes[key]).find(
    (value) => value !== undefined && terms(value).length > 0,
  );
  return naming === undefined ? [] : [draft('text', naming, naming, parent)];
}

export function markupElements(source: string, html: boolean): ElementDraft[] {
  const elements: ElementDraft[] = [];
  const root: Frame = { name: '', path: '', text: [], attributes: {} };
  const stack: Frame[] = [root];
  const top = () => stack[stack.length - 1]!;

  const emit = (frame: Frame) => elements.push(...frameElements(frame));
  const close = (depth: number) => {
    while (stack.length > depth) emit(stack.pop()!);
  };

  let at = 0;
  while (at < source.length) {
    const lt = source.indexOf('<', at);
    if (lt < 0) {
      top().text.push(source.slice(at));
      break;
    }
    top().text.push(source.slice(at, lt));
    const skipTo = (end: string, keep = false) => {
      const found = source.indexOf(end, lt);
      const stop = found < 0 ? source.length : found;
      if (keep) top().text.push(source.slice(lt + '<![CDATA['.length, stop));
      at = found < 0 ? source.length : found + end.length;
    };
    if (source.startsWith('<!--', lt)) skipTo('-->');
    else if (source.startsWith('<![CDATA[', lt)) skipTo(']]>', true);
    else if (source.startsWith('<!', lt) || source.startsWith('<?', lt)) skipTo('>');
    else {
      TAG.lastIndex = lt;
      const tag = TAG.exec(source);
      if (!tag) {
        top().text.push('<');
        at = lt + 1;
        continue;
      }
      at = TAG.lastIndex;
      const [, closing, rawName = '', attributeSource = '', selfClosing] = tag;
      const name = html ? rawName.toLowerCase() : rawName;
      if (closing) {
        const depth = stack.findLastIndex((frame, index) => index > 0 && frame.name === name);
        if (depth > 0) close(depth);
        continue;
      }
      if (html && INLINE_HTML.has(name)) {
        if (name === 'br') top().text.push(' ');
        continue;
      }
      const frame: Frame = {
        name,
        path: top().path ? `${top().path}/${name}` : name,
        text: [],
        attributes: attributesOf(attributeSource),
      };
      if (selfClosing || (html && VOID_HTML.has(name))) {
        emit(frame);
        continue;
      }
      if (html && RAW_TEXT_HTML.has(name)) {
        const end = source.toLowerCase().indexOf(`</${name}`, at);
        at = end < 0 ? source.length : source.indexOf('>', end) + 1 || source.length;
        continue;
      }
      // Text either side of a child belongs to the parent, never glued to the child's words.
      top().text.push(' ');
      stack.push(frame);
    }
  }
  close(0);
  return elements;
}
