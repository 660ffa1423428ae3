import { acceptsNow, availability } from '@machines/action';
import {
  askRestore,
  comparePrevious,
  openSource,
  pickVersion,
  restoreVersion,
} from '@machines/versions/actions';
import {
  bumpOptions,
  pickedAfter,
  VERSIONS_COMMAND_REASONS,
  VERSIONS_FLOW_TEXTS,
  type VersionContent,
  type VersionsEvent,
  type VersionsTarget,
} from '@machines/versions/contract';
import { versionsMachine } from '@machines/versions/machine';
import { comparePreviousReason, versionsView } from '@machines/versions/selectors';
import type { Actor } from '@shared/permissions';
import { HISTORY_TEXTS, type Lineage, type VersionEntry } from '@shared/schemas/history';
import { VERSION_CHANGE_TEXTS } from '@shared/version-changes';
import { createActor, fromPromise } from 'xstate';

const admin: Actor = { id: 'u-admin', role: 'admin' };
const teacher: Actor = { id: 'u-teacher', role: 'instructor' };
const owner = (actor: Actor) => ({ id: actor.id, email: `${actor.id}@x.io`, role: actor.role });

const version = (v: string, by: Actor = admin, note?: string): VersionEntry => ({
  id: `id-${v}`,
  name: 'Library room booking',
  version: v,
  createdAt: '2025-01-01T00:00:00.000Z',
  user: owner(by),
  isPublished: v === '1.0.0',
  ...(note && { note }),
});

/** Newest first, as the server answers. */
const versions = [version('1.1.0', admin, 'Riverside'), version('1.0.0')];
const problem: VersionsTarget = {
  kind: 'problem',
  id: 'id-1.1.0',
  name: 'Library room booking',
  version: '1.1.0',
};
const behaviour: VersionsTarget = { ...problem, kind: 'behaviour' };

const doc = (v: string, description: string) => ({
  apiVersion: 'v1',
  kind: 'problem',
  metadata: { name: 'Library room booking', version: v },
  spec: { description },
});
const contents: Record<string, VersionContent> = {
  'id-1.0.0': { document: doc('1.0.0', 'A library'), text: 'description: A library\n' },
  'id-1.1.0': { document: doc('1.1.0', 'A riverside library'), text: 'description: A riverside library\n' },
  'id-1.2.0': { document: doc('1.2.0', 'A library'), text: 'description: A library\n' },
};

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function start(viewer: Actor | null = admin, options: { failLoad?: unknown; failRestore?: unknown } = {}) {
  let list = [...versions];
  const calls = {
    loads: [] as VersionsTarget[],
    contents: [] as string[][],
    restores: [] as { id: string; bump: string }[],
    restored: [] as string[],
  };
  const actor = createActor(
    versionsMachine.provide({
      actors: {
        loadHistory: fromPromise(async ({ input }) => {
          calls.loads.push(input);
          if (options.failLoad) throw options.failLoad;
          return { versions: list, lineage: { derived: [] } };
        }),
        loadContents: fromPromise(async ({ input }) => {
          calls.contents.push(input.ids);
          return input.ids.map((id) => contents[id]!);
        }),
        restoreVersion: fromPromise(async ({ input }) => {
          calls.restores.push({ id: input.id, bump: input.bump });
          if (options.failRestore) throw options.failRestore;
          list = [version('1.2.0', admin, 'Restored from v1.0.0'), ...list];
          return { id: 'id-1.2.0', metadata: { version: '1.2.0' } };
        }),
      },
      actions: { restored: (_, { result }) => void calls.restored.push(result.message) },
    }),
    { input: { viewer } },
  ).start();
  return {
    actor,
    calls,
    send: (event: VersionsEvent) => actor.send(event),
    snap: () => actor.getSnapshot(),
    view: () => versionsView(actor.getSnapshot()),
  };
}

describe('history machine: the list', () => {
  it('opens on an item, loads its visible versions (newest first) and lineage', async () => {
    const { send, snap, view, calls } = start();
    expect(snap().value).toBe('Closed');
    send({ type: 'history.open', target: problem });
    expect(snap().hasTag('loading')).toBe(true);
    expect(view().loading).toBe(true);
    await flush();
    expect(snap().value).toEqual({ Open: { Ready: 'Browsing' } });
    expect(view().versions.map((entry) => entry.version)).toEqual(['1.1.0', '1.0.0']);
    expect(view().lineage).toEqual({ derived: [] });
    expect(calls.loads).toEqual([problem]);
  });

  it('a failed load says so and can be retried; close forgets everything', async () => {
    const { send, snap, view, calls } = start(admin, { failLoad: { status: 500 } });
    send({ type: 'history.open', target: problem });
    await flush();
    expect(snap().value).toEqual({ Open: 'Failed' });
    expect(view().error).toBe(VERSIONS_FLOW_TEXTS.failed);
    send({ type: 'history.retry' });
    expect(snap().value).toEqual({ Open: 'Loading' });
    await flush();
    expect(calls.loads).toHaveLength(2);
    send({ type: 'history.close' });
    expect(snap().value).toBe('Closed');
    expect(view().target).toBeNull();
  });

  it('opening the same item again keeps what is loaded; another item loads afresh', async () => {
    const { send, view, calls } = start();
    send({ type: 'history.open', target: problem });
    await flush();
    send({ type: 'history.pick', id: 'id-1.0.0' });
    send({ type: 'history.open', target: problem });
    expect(calls.loads).toHaveLength(1);
    expect(view().picked).toEqual(['id-1.0.0']);
    send({ type: 'history.open', target: { ...problem, id: 'id-1.0.0', version: '1.0.0' } });
    expect(view().picked).toEqual([]);
    await flush();
    expect(calls.loads).toHaveLength(2);
  });
});

describe('history machine: comparing', () => {
  it('choosing two versions loads both, oldest first, with the changed fields in one line', async () => {
    const { send, snap, view, calls } = start();
    send({ type: 'history.open', target: problem });
    await flush();
    send({ type: 'history.pick', id: 'id-1.1.0' });
    expect(snap().value).toEqual({ Open: { Ready: 'Browsing' } });
    send({ type: 'history.pick', id: 'id-1.0.0' });
    expect(snap().value).toEqual({ Open: { Ready: 'Comparing' } });
    expect(view().comparing).toBe(true);
    await flush();
    expect(calls.contents).toEqual([['id-1.0.0', 'id-1.1.0']]);
    const comparison = view().comparison!;
    expect([comparison.before.version, comparison.after.version]).toEqual(['1.0.0', '1.1.0']);
    expect(comparison.beforeText).toContain('A library');
    expect(comparison.afterText).toContain('A riverside library');
    // The version number always differs: the summary names the content.
    expect(comparison.summary).toBe('Changed spec.description');
  });

  it('unpicking one clears the comparison; a third pick replaces the older pick', async () => {
    const { send, view } = start();
    send({ type: 'history.open', target: problem });
    await flush();
    send({ type: 'history.compare', from: 'id-1.0.0', to: 'id-1.1.0' });
    await flush();
    expect(view().comparison).not.toBeNull();
    send({ type: 'history.pick', id: 'id-1.1.0' });
    expect(view().picked).toEqual(['id-1.0.0']);
    expect(view().comparison).toBeNull();
    expect(pickedAfter(['a', 'b'], 'c')).toEqual(['b', 'c']);
    expect(pickedAfter(['a', 'b'], 'a')).toEqual(['b']);
  });

  it("'Compare with previous version' compares the item with the version below it", async () => {
    const { send, snap, view, calls } = start();
    expect(comparePreviousReason(snap(), 'closed')).toBe('closed');
    send({ type: 'history.open', target: problem });
    await flush();
    expect(comparePreviousReason(snap(), 'closed')).toBeUndefined();
    send({ type: 'history.comparePrevious' });
    await flush();
    expect(calls.contents).toEqual([['id-1.0.0', 'id-1.1.0']]);
    expect(view().comparison?.summary).toBe('Changed spec.description');
  });

  it('the oldest version has nothing before it', async () => {
    const { send, snap } = start();
    send({ type: 'history.open', target: { ...problem, id: 'id-1.0.0', version: '1.0.0' } });
    await flush();
    expect(comparePreviousReason(snap(), 'closed')).toBe(VERSIONS_FLOW_TEXTS.noPrevious);
    send({ type: 'history.comparePrevious' });
    expect(snap().value).toEqual({ Open: { Ready: 'Browsing' } });
  });

  it('same content in two versions reads "No differences in content"', async () => {
    const { send, view } = start();
    send({ type: 'history.open', target: problem });
    await flush();
    // 1.2.0 is not listed: a comparison only takes listed versions.
    send({ type: 'history.compare', from: 'id-1.0.0', to: 'id-1.2.0' });
    expect(view().comparing).toBe(false);
    send({ type: 'history.compare', from: 'id-1.0.0', to: 'id-1.0.0' });
    expect(view().comparing).toBe(false);
    send({ type: 'history.restore', id: 'id-1.0.0', bump: 'minor' });
    await flush();
    await flush();
    send({ type: 'history.compare', from: 'id-1.0.0', to: 'id-1.2.0' });
    await flush();
    expect(view().comparison?.summary).toBe(VERSION_CHANGE_TEXTS.none);
  });

  it("an instructor sees a behaviour's versions only: no comparing, no restoring", async () => {
    const { send, snap, view, calls } = start(teacher);
    send({ type: 'history.open', target: behaviour });
    await flush();
    expect(view().versions).toHaveLength(2);
    expect(view().seesContent).toBe(false);
    expect(view().mayRestore).toBe(false);
    send({ type: 'history.pick', id: 'id-1.0.0' });
    send({ type: 'history.pick', id: 'id-1.1.0' });
    send({ type: 'history.compare', from: 'id-1.0.0', to: 'id-1.1.0' });
    send({ type: 'history.comparePrevious' });
    send({ type: 'history.restore.ask', id: 'id-1.0.0' });
    send({ type: 'history.restore', id: 'id-1.0.0', bump: 'minor' });
    expect(snap().value).toEqual({ Open: { Ready: 'Browsing' } });
    expect(comparePreviousReason(snap(), 'closed')).toBe(VERSIONS_FLOW_TEXTS.contentHidden);
    expect(calls.contents).toEqual([]);
    expect(calls.restores).toEqual([]);
  });
});

describe('history machine: restoring', () => {
  it("asks, takes a bump (minor by default), restores, says 'Restored v1.0.0 as v1.2.0' and lists it", async () => {
    const { send, snap, view, calls } = start();
    send({ type: 'history.open', target: problem });
    await flush();
    expect(view().mayRestore).toBe(true);
    send({ type: 'history.restore.ask', id: 'id-1.0.0' });
    expect(snap().value).toEqual({ Open: { Ready: 'Confirming' } });
    expect(view().restoring).toMatchObject({ entry: { version: '1.0.0' }, bump: 'minor' });
    send({ type: 'history.restore.bump', bump: 'major' });
    expect(view().restoring?.bump).toBe('major');
    send({ type: 'history.restore.bump', bump: 'minor' });
    send({ type: 'history.restore.confirm' });
    expect(view().restoringNow).toBe(true);
    await flush();
    expect(calls.restores).toEqual([{ id: 'id-1.0.0', bump: 'minor' }]);
    await flush();
    // The list is loaded again, with the new version in it.
    expect(calls.loads).toHaveLength(2);
    expect(snap().value).toEqual({ Open: { Ready: 'Browsing' } });
    expect(view().result?.message).toBe('Restored v1.0.0 as v1.2.0');
    expect(calls.restored).toEqual(['Restored v1.0.0 as v1.2.0']);
    expect(view().versions.map((entry) => entry.version)).toEqual(['1.2.0', '1.1.0', '1.0.0']);
    expect(view().versions[0]?.note).toBe('Restored from v1.0.0');
  });

  it('cancel goes back; a refused restore shows the server message and stays on the question', async () => {
    const refusal = {
      status: 403,
      message: 'Only the owner of the problem "X" or an administrator can add a new version',
    };
    const { send, snap, view } = start(admin, { failRestore: refusal });
    send({ type: 'history.open', target: problem });
    await flush();
    send({ type: 'history.restore.ask', id: 'id-1.0.0' });
    send({ type: 'history.restore.cancel' });
    expect(snap().value).toEqual({ Open: { Ready: 'Browsing' } });
    expect(view().restoring).toBeNull();
    send({ type: 'history.restore.ask', id: 'id-1.0.0' });
    send({ type: 'history.restore.confirm' });
    await flush();
    expect(snap().value).toEqual({ Open: { Ready: 'Confirming' } });
    expect(view().error).toBe(refusal.message);
  });

  it('only the owner of the latest version or an admin may restore', async () => {
    const { send, snap, view } = start(teacher);
    send({ type: 'history.open', target: problem });
    await flush();
    expect(view().mayRestore).toBe(false);
    send({ type: 'history.restore.ask', id: 'id-1.0.0' });
    expect(snap().value).toEqual({ Open: { Ready: 'Browsing' } });
  });

  it('the newest version is never restored (its content is the current one); the refused event changes nothing', async () => {
    const { send, snap } = start(admin);
    send({ type: 'history.open', target: problem });
    await flush();
    const [newest, older] = snap().context.versions;
    expect(availability(snap(), askRestore, older!).can).toBe(true);
    expect(snap().can(restoreVersion.event({ entry: newest!, bump: 'minor' }))).toBe(false);
    const before = snap();
    send(askRestore.event(newest!));
    send(restoreVersion.event({ entry: newest!, bump: 'minor' }));
    expect(snap()).toBe(before);
  });

  it('while a restore is asked, the History is busy: the actions wait, with their reason', async () => {
    const { send, snap } = start(admin);
    send({ type: 'history.open', target: problem });
    await flush();
    send(askRestore.event(snap().context.versions[1]!));
    expect(availability(snap(), comparePrevious, undefined).reason).toBe(VERSIONS_COMMAND_REASONS.busy);
    expect(acceptsNow(snap(), pickVersion)).toBe(false);
    const asking = snap();
    send(pickVersion.event(snap().context.versions[0]!));
    expect(snap()).toBe(asking);
    expect(availability(snap(), askRestore, snap().context.versions[1]!).reason).toBe(
      VERSIONS_COMMAND_REASONS.busy,
    );
  });

  it('Open the design this came from: only a source the viewer may read; refused otherwise, with its reason', async () => {
    const open = async (derivedFrom?: Lineage['derivedFrom']) => {
      const actor = createActor(
        versionsMachine.provide({
          actors: {
            loadHistory: fromPromise(
              async (): Promise<{ versions: VersionEntry[]; lineage: Lineage }> => ({
                versions,
                lineage: { derived: [], ...(derivedFrom && { derivedFrom }) },
              }),
            ),
          },
        }),
        { input: { viewer: admin } },
      ).start();
      const asked: unknown[] = [];
      actor.on('openSource', (event) => void asked.push(event));
      expect(availability(actor.getSnapshot(), openSource, undefined).reason).toBe(
        VERSIONS_FLOW_TEXTS.loading,
      );
      actor.send({ type: 'history.open', target: problem });
      await flush();
      return { actor, asked };
    };
    const none = await open();
    expect(availability(none.actor.getSnapshot(), openSource, undefined).reason).toBe(
      VERSIONS_COMMAND_REASONS.notDerived,
    );
    const hidden = await open({ visible: false });
    const before = hidden.actor.getSnapshot();
    hidden.actor.send(openSource.event());
    expect(hidden.actor.getSnapshot()).toBe(before);
    expect(hidden.asked).toEqual([]);
    expect(availability(before, openSource, undefined).reason).toBe(HISTORY_TEXTS.derivedFromPrivate);
    const source = { id: 'l-0', name: 'Origin', version: '1.0.0' };
    const shown = await open({ visible: true, ...source });
    shown.actor.send(openSource.event());
    expect(shown.asked).toEqual([{ type: 'openSource', source }]);
  });

  it('bumpOptions: minor first, each with the number it gives', () => {
    expect(bumpOptions('1.1.0')).toEqual([
      { bump: 'minor', version: '1.2.0' },
      { bump: 'patch', version: '1.1.1' },
      { bump: 'major', version: '2.0.0' },
    ]);
  });
});
