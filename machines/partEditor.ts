import { INPUT_TEXTS, parseJsonText } from '@shared/input-rules';
import { API_VERSIONS, RESOURCE_TEXTS, SPEC_SCHEMAS } from '@shared/schemas/resources';
import { and, assertEvent, assign, type SnapshotFrom, setup } from 'xstate';
import { notProvided } from './notProvided';
import type { PartKind, WizardPart } from './wizard/parts';

/**
 * The editor of one part in the design wizard's step 2 (spec "Editor"): a Visual Editor and a Code
 * Editor over one value (a behaviour opens on the Code Editor, its description editable as text in
 * the Visual Editor). Save is possible only
 * while the JSON parses and the spec passes the shared schema (the one the server parses with):
 *
 *   Closed --editor.open--> Open.Visual (persona, problem) | Open.Code (behaviour; Visual a tab away)
 *   Open.Visual --editor.field--> the value changes; the JSON text follows it
 *   Open.Code --editor.text--> the value follows the text while it parses, else 'Invalid JSON format'
 *   Open.Code --editor.tab visual [the text parses]--> Open.Visual (an invalid text stays in Code)
 *   Open --editor.save [valid]--> Closed (onSave: the wizard marks the part edited)
 *   Open --editor.save [invalid]--> 'Cannot save: Invalid JSON format' (or the schema's message)
 *   Open --editor.cancel--> Closed (nothing changes)
 */
export const PART_EDITOR_TEXTS = {
  invalidJson: INPUT_TEXTS.invalidJson,
  cannotSave: (reason: string) => `Cannot save: ${reason}`,
} as const;

export type EditorTab = 'visual' | 'code';

export interface SpecIssue {
  /** Dotted path inside the spec ('' for the spec itself). */
  path: string;
  message: string;
}

export interface PartEditorContext {
  kind: PartKind | null;
  /** The part as it was when the editor opened. */
  part: WizardPart | null;
  apiVersion: string;
  /** The spec being edited: the last one the text parsed to (the visual fields show it). */
  value: Record<string, unknown>;
  /** The code editor's text (2-space JSON). */
  text: string;
  /** Why the text does not parse ('Invalid JSON format', or the input rule's message). */
  textError: string | null;
  /** What the shared schema finds wrong with the value. */
  issues: SpecIssue[];
  /** Why a save was refused. */
  saveError: string | null;
}

export type PartEditorEvent =
  | { type: 'editor.open'; kind: PartKind; part: WizardPart }
  | { type: 'editor.tab'; tab: EditorTab }
  /** A visual field; `undefined` removes it. */
  | { type: 'editor.field'; field: string; value: unknown }
  | { type: 'editor.text'; text: string }
  | { type: 'editor.apiVersion'; apiVersion: string }
  | { type: 'editor.save' }
  | { type: 'editor.cancel' };

/** Every kind has a visual editor (its long texts as text); a behaviour opens on its JSON. */
export const hasVisualEditor = (kind: PartKind | null): boolean => kind !== null;
/** The product edits a behaviour as a JSON spec: its editor opens on the Code Editor. */
const opensOnCode = (kind: PartKind | null): boolean => kind === 'behaviour';

export const specText = (spec: Record<string, unknown>): string => JSON.stringify(spec, null, 2);

/** The shared schema's verdict on a spec, as paths and messages. */
export const specIssues = (kind: PartKind, spec: unknown): SpecIssue[] => {
  const parsed = SPEC_SCHEMAS[kind].safeParse(spec);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

/** The code editor's text read as a spec: JSON, the input rule, an object. */
export const readSpecText = (
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } => {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return parsed;
  const { value } = parsed;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: RESOURCE_TEXTS.specObject };
  }
  return { ok: true, value: value as Record<string, unknown> };
};

const withValue = (kind: PartKind, value: Record<string, unknown>) => ({
  value,
  issues: specIssues(kind, value),
});

const closed = (): PartEditorContext => ({
  kind: null,
  part: null,
  apiVersion: API_VERSIONS[0],
  value: {},
  text: '',
  textError: null,
  issues: [],
  saveError: null,
});

export const partEditorMachine = setup({
  types: { context: {} as PartEditorContext, events: {} as PartEditorEvent },
  actions: {
    /** The saved spec goes to the wizard (part.save). */
    onSave: (_, _params: { kind: PartKind; spec: Record<string, unknown>; apiVersion: string }) =>
      notProvided('partEditor', 'onSave'),
    open: assign(({ event }) => {
      assertEvent(event, 'editor.open');
      const value = { ...event.part.spec };
      return {
        ...closed(),
        kind: event.kind,
        part: event.part,
        apiVersion: event.part.apiVersion,
        text: specText(value),
        ...withValue(event.kind, value),
      };
    }),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'editor.field');
      const value = { ...context.value, [event.field]: event.value };
      if (event.value === undefined) delete value[event.field];
      return { ...withValue(context.kind!, value), text: specText(value), textError: null, saveError: null };
    }),
    setText: assign(({ context, event }) => {
      assertEvent(event, 'editor.text');
      const read = readSpecText(event.text);
      return read.ok
        ? { text: event.text, textError: null, saveError: null, ...withValue(context.kind!, read.value) }
        : { text: event.text, textError: read.error, saveError: null };
    }),
    setApiVersion: assign(({ event }) => {
      assertEvent(event, 'editor.apiVersion');
      return { apiVersion: event.apiVersion };
    }),
    refuseSave: assign(({ context }) => ({
      saveError: PART_EDITOR_TEXTS.cannotSave(context.textError ?? context.issues[0]?.message ?? ''),
    })),
    clear: assign(closed),
  },
  guards: {
    visual: ({ context }) => hasVisualEditor(context.kind) && !opensOnCode(context.kind),
    textParses: ({ context }) => context.textError === null,
    valid: ({ context }) => context.textError === null && context.issues.length === 0,
    toVisual: ({ context, event }) =>
      event.type === 'editor.tab' && event.tab === 'visual' && hasVisualEditor(context.kind),
  },
}).createMachine({
  id: 'partEditor',
  context: closed,
  initial: 'Closed',
  states: {
    Closed: {
      on: { 'editor.open': { target: 'Open', actions: 'open' } },
    },
    Open: {
      initial: 'Choosing',
      on: {
        'editor.apiVersion': { actions: 'setApiVersion' },
        'editor.save': [
          {
            guard: 'valid',
            target: 'Closed',
            actions: [
              {
                type: 'onSave',
                params: ({ context }) => ({
                  kind: context.kind!,
                  spec: context.value,
                  apiVersion: context.apiVersion,
                }),
              },
              'clear',
            ],
          },
          { actions: 'refuseSave' },
        ],
        'editor.cancel': { target: 'Closed', actions: 'clear' },
      },
      states: {
        Choosing: { always: [{ guard: 'visual', target: 'Visual' }, { target: 'Code' }] },
        Visual: {
          on: {
            'editor.field': { actions: 'setField' },
            'editor.tab': { guard: ({ event }) => event.tab === 'code', target: 'Code' },
          },
        },
        Code: {
          on: {
            'editor.text': { actions: 'setText' },
            'editor.tab': { guard: and(['toVisual', 'textParses']), target: 'Visual' },
          },
        },
      },
    },
  },
});

export type PartEditorSnapshot = SnapshotFrom<typeof partEditorMachine>;

export const isEditorOpen = (s: PartEditorSnapshot): boolean => s.matches('Open');
export const editorTab = (s: PartEditorSnapshot): EditorTab =>
  s.matches({ Open: 'Code' }) ? 'code' : 'visual';
/** The spec or its API version differs from the part the editor opened with (closing asks first). */
export const hasEditorChanges = (s: PartEditorSnapshot): boolean => {
  const { part, value, textError, apiVersion } = s.context;
  if (!s.matches('Open') || !part) return false;
  return textError !== null || apiVersion !== part.apiVersion || specText(value) !== specText(part.spec);
};
/** The Save button: the JSON parses and the schema has nothing to say. */
export const canSaveEdit = (s: PartEditorSnapshot): boolean =>
  s.matches('Open') && s.context.textError === null && s.context.issues.length === 0;
