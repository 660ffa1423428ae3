import type { WizardEvent, WizardInput } from '@machines/wizard/contract';
import type { WizardDraft } from '@machines/wizard/draft';
import type { WizardSnapshot } from '@machines/wizard/machine';
import { namesReady } from '@machines/wizard/names';
import { ada, admin, grace, guessing, interviewee, library } from './fixtures';
import {
  type Edge,
  edgeLabel,
  expectLiveAgrees,
  graphEdges,
  serializeState,
  shortestPaths,
  stateOf,
} from './graph';

/**
 * Model-based coverage of the wizard (xstate/graph), continued from ./paths.test.ts: starting from
 * a kept design (session storage, or back from a chat), a preset arriving over one, step 3's save
 * choices and change notes, and Try. Each graph stops at Finishing (./paths.test.ts goes on from
 * there) and uses a few representative payloads, so it stays small.
 */
const viewer = { ...admin, actor: { id: 'u-admin', role: 'admin' as const } };
const source = {
  id: 'leia-source',
  name: 'Library interview',
  version: '1.0.0',
  user: { id: 'u-admin', email: 'admin@leia.local', role: 'admin' as const },
};
const chosen = { persona: ada, problem: library, behaviour: interviewee };
const editedAda = { ...ada, spec: { ...ada.spec, fullName: 'Ada Byron' }, edited: true };

/** Step 3 of a design from a LEIA with the persona edited and both names typed. */
const namingDraft: WizardDraft = {
  step: 3,
  parts: { ...chosen, persona: editedAda },
  originals: chosen,
  names: { leia: 'L', persona: 'P' },
  visibility: {},
  source,
};
/** Step 3 of a design that cannot be generated, from no LEIA: nothing may be versioned. */
const brokenDraft: WizardDraft = {
  step: 3,
  parts: { ...chosen, problem: guessing },
  originals: { ...chosen, problem: guessing },
  names: { leia: 'L' },
  visibility: {},
};
const editDraft: WizardDraft = { ...namingDraft, step: 2, names: {} };
const partialDraft: WizardDraft = { ...editDraft, parts: { persona: editedAda } };
const presetOverKept: WizardInput = {
  viewer,
  draft: namingDraft,
  preset: { persona: grace, problem: library, behaviour: interviewee },
  source: { ...source, id: 'leia-other', name: 'Grace at the library' },
};

const events: WizardEvent[] = [
  { type: 'saveAs.mode', key: 'leia', mode: 'version' },
  { type: 'saveAs.mode', key: 'leia', mode: 'name' },
  { type: 'saveAs.mode', key: 'persona', mode: 'version' },
  { type: 'saveAs.bump', key: 'leia', bump: 'major' },
  { type: 'saveAs.bump', key: 'persona', bump: 'patch' },
  { type: 'note.change', key: 'leia', value: 'Shorter opening' },
  { type: 'note.change', key: 'leia', value: 'x'.repeat(501) },
  { type: 'wizard.try' },
  { type: 'wizard.next' },
  { type: 'wizard.previous' },
  { type: 'wizard.finish' },
  { type: 'preset.replace' },
  { type: 'preset.keep' },
];
const options = {
  events,
  stopWhen: (s: WizardSnapshot) => s.matches({ Create: 'Finishing' }) || s.matches('Finished'),
};

const inputs: Record<string, WizardInput> = {
  naming: { viewer, draft: namingDraft },
  broken: { viewer, draft: brokenDraft },
  edit: { viewer, draft: editDraft },
  partial: { viewer, draft: partialDraft },
  presetOverKept,
};

describe('wizard machine paths from a kept design (xstate/graph)', () => {
  const paths = Object.fromEntries(
    Object.entries(inputs).map(([name, input]) => [name, shortestPaths(input, options)]),
  );
  const edges: Edge[] = Object.values(inputs).flatMap((input) => graphEdges(input, options));
  const taken = new Set(edges.map((edge) => edgeLabel(edge)));
  const tried = new Set(
    edges.filter((edge) => edge.event.type === 'wizard.try').map((edge) => edgeLabel(edge, true)),
  );
  const naming = '{"Create":"Naming"}';
  /** Whether some `type` event at step 3 was taken and changed the design, or was refused by its guard. */
  const atNaming = (type: WizardEvent['type'], outcome: 'taken' | 'refused') =>
    edges.some(
      (edge) =>
        edge.event.type === type &&
        stateOf(edge.from) === naming &&
        (outcome === 'refused'
          ? !edge.from.can(edge.event)
          : edge.from.can(edge.event) && serializeState(edge.to) !== serializeState(edge.from)),
    );

  it('starts where the kept design was: step 3 (restoresCreate), step 2 (restoresEdit), step 1 when a part is missing, or the replace question', () => {
    const start = (name: string) => stateOf(paths[name]![0]!.steps[0]!.state);
    expect(start('naming')).toBe(naming);
    expect(start('broken')).toBe(naming);
    expect(start('edit')).toBe('"Edit"');
    expect(start('partial')).toBe('"Selection"');
    expect(start('presetOverKept')).toBe('"ReplaceQuestion"');
  });

  it('takes every guarded transition of Try, the save choices, the notes and the replace question', () => {
    // wizard.try [generated], else it logs and does nothing (named actions, as they run).
    for (const edge of [
      '"Edit" --wizard.try [startTry]--> "Edit"',
      '"Edit" --wizard.try [logNoLeia]--> "Edit"',
      `${naming} --wizard.try [startTry]--> ${naming}`,
      `${naming} --wizard.try [logNoLeia]--> ${naming}`,
    ]) {
      expect(tried, edge).toContain(edge);
    }
    for (const edge of [
      '"ReplaceQuestion" --preset.replace--> "Edit"',
      `"ReplaceQuestion" --preset.keep--> ${naming}`,
      // Everything saved as a new version: no name to check, straight on to the edited part.
      `${naming} --wizard.finish--> {"Create":{"Finishing":"CreatingPart"}}`,
      `${naming} --wizard.finish--> {"Create":{"Finishing":"Verifying"}}`,
    ]) {
      expect(taken, edge).toContain(edge);
    }
    // saveAs.mode [mayChooseMode] and saveAs.bump [mayBump]: taken (the choice changes), and
    // refused (nothing to version: a design from no LEIA); note.change has no guard.
    for (const type of ['saveAs.mode', 'saveAs.bump', 'note.change'] as const) {
      expect(atNaming(type, 'taken'), type).toBe(true);
    }
    expect(atNaming('saveAs.mode', 'refused')).toBe(true);
    expect(atNaming('saveAs.bump', 'refused')).toBe(true);
    // The notesReady half of namesReady: every name filled, but a note too long.
    expect(
      edges.some(
        (edge) =>
          edge.event.type === 'wizard.finish' &&
          stateOf(edge.to) === naming &&
          namesReady(edge.from.context.names, ['leia', 'persona']) &&
          Object.values(edge.from.context.notes).some((note) => note?.error),
      ),
    ).toBe(true);
    // Replace opens the preset and its LEIA; keep opens the kept design as it was.
    const answers = edges.filter((edge) => edge.event.type.startsWith('preset.'));
    expect(answers.map((edge) => [edge.event.type, edge.to.context.source?.id])).toEqual(
      expect.arrayContaining([
        ['preset.replace', 'leia-other'],
        ['preset.keep', 'leia-source'],
      ]),
    );
  });

  it('the live actor agrees with every shortest path', () => {
    for (const [name, input] of Object.entries(inputs)) expectLiveAgrees(input, paths[name]!);
  }, 60_000);
});
