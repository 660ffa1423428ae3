import * as history from '@client/api/history';
import * as resources from '@client/api/resources';
import { usePaletteCommands } from '@client/palette';
import type { Command } from '@client/palette/types';
import type { VersionEntry } from '@shared/schemas/history';
import { act, screen, waitFor, within } from '@testing-library/react';
import { argumentPage, findCommand, pageItems } from '../support/palette';
import {
  bank,
  dialog,
  fullLeia,
  httpError,
  inRow,
  mocked,
  renderSearch,
  resetApi,
  row,
  teacherUser,
  zoo,
} from './harness';

const { fakeModule, partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/leias', partlyFake('listLeias', 'getLeia', 'deleteLeia'));
vi.mock('@client/api/history', fakeModule('listVersions', 'getLineage', 'restoreVersion'));
vi.mock('@client/api/resources', partlyFake('getResource'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

const api = {
  listVersions: vi.mocked(history.listVersions),
  getLineage: vi.mocked(history.getLineage),
  restoreVersion: vi.mocked(history.restoreVersion),
  getResource: vi.mocked(resources.getResource),
};

/** Bank interview's older versions: 1.0.0 (the catalogue's) and 1.1.0; 1.2.0 is `bank`. */
const bank100 = row('Bank interview', { version: '1.0.0' });
const bank110 = row('Bank interview', { version: '1.1.0' });
const entryOf = (item: typeof bank, note?: string, author = item.user): VersionEntry => ({
  id: item.id,
  name: item.metadata.name,
  version: item.metadata.version,
  createdAt: '2025-11-20T17:45:00.000Z',
  user: item.user,
  author,
  isPublished: item.metadata.version === '1.0.0',
  ...(note && { note }),
});
/** 1.1.0 was made by another admin for the design's owner. */
const helper = { id: 'user-helper', email: 'helper@leia.local', role: 'admin' as const };
const versions = [
  entryOf(bank, 'Harder questions'),
  entryOf(bank110, 'Riverside branch', helper),
  entryOf(bank100),
];

beforeEach(() => {
  resetApi();
  vi.mocked(usePaletteCommands).mockReset();
  const known = [bank, bank110, bank100, zoo];
  mocked.getLeia.mockImplementation(async (id) => {
    const item = known.find((candidate) => candidate.id === id)!;
    const description = item === bank100 ? 'A bank wants an app' : 'A bank wants a mobile app';
    return fullLeia(item, { problem: { description } });
  });
  api.listVersions.mockReset().mockResolvedValue(versions);
  // A part the caller may not read: compared as the LEIA keeps it.
  api.getResource.mockReset().mockRejectedValue(httpError(404, { message: 'Resource not found' }));
  api.getLineage.mockReset().mockResolvedValue({
    derivedFrom: { visible: true, id: zoo.id, name: 'Zoo game', version: '1.0.0' },
    derived: [{ ...entryOf(zoo), name: 'Zoo game', version: '1.0.0' }],
  });
  api.restoreVersion.mockReset().mockResolvedValue({
    id: 'id-bank-1.3.0',
    metadata: { name: 'Bank interview', version: '1.3.0' },
  });
});

const openHistory = async () => {
  const rendered = await renderSearch();
  await rendered.user.click(inRow('Bank interview').getByRole('button', { name: /^View / }));
  const modal = dialog('Bank interview');
  await rendered.user.click(await modal.findByRole('tab', { name: 'History' }));
  await modal.findByRole('list', { name: 'Versions of Bank interview' });
  return { ...rendered, modal };
};

const versionItem = (version: string) =>
  within(screen.getByRole('list', { name: /^Versions of / })).getByRole('listitem', { name: `v${version}` });

/** The latest registration holding `id` (the screen and the open modal register lists of their own). */
const latestCommand = (id: string): Command => {
  for (const [commands] of [...vi.mocked(usePaletteCommands).mock.calls].reverse()) {
    const found = commands.find((command) => command.id === id);
    if (found) return found;
  }
  throw new Error(`no command ${id}`);
};

describe('View modal: History', () => {
  it('lists every visible version, newest first, with date, author and owner, note and Published badge', async () => {
    await openHistory();
    expect(api.listVersions).toHaveBeenCalledWith('leia', bank.id, expect.anything());
    const items = within(screen.getByRole('list', { name: 'Versions of Bank interview' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['v1.2.0', 'v1.1.0', 'v1.0.0']);
    expect(versionItem('1.2.0')).toHaveTextContent('Harder questions');
    expect(versionItem('1.2.0')).toHaveTextContent(`by ${bank.user.email}`);
    expect(versionItem('1.2.0')).not.toHaveTextContent('owner');
    // Made by another admin: both are shown.
    expect(versionItem('1.1.0')).toHaveTextContent(`by helper@leia.local · owner ${bank.user.email}`);
    expect(versionItem('1.2.0')).toHaveTextContent('Nov 20, 2025');
    expect(versionItem('1.2.0')).toHaveAttribute('aria-current', 'true');
    expect(within(versionItem('1.0.0')).getByText('Published')).toBeInTheDocument();
    expect(within(versionItem('1.1.0')).queryByText('Published')).toBeNull();
  });

  it('choosing two versions shows what changed in one line and both sides of the YAML', async () => {
    const { user } = await openHistory();
    await user.click(screen.getByRole('checkbox', { name: 'Compare v1.1.0' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare v1.0.0' }));
    const compare = await screen.findByRole('region', { name: 'Compare v1.0.0 with v1.1.0' });
    expect(within(compare).getByRole('status')).toHaveTextContent(
      'Changes: Changed spec.problem.spec.description',
    );
    await waitFor(
      () =>
        expect(within(compare).getByRole('textbox', { name: 'v1.1.0' })).toHaveTextContent(
          'description: A bank wants a mobile app',
        ),
      { timeout: 15_000 },
    );
    expect(within(compare).getByRole('textbox', { name: 'v1.0.0' })).toHaveTextContent(
      'description: A bank wants an app',
    );
  });

  it("compares the parts' own specs: the behaviour's prompt, generated from the problem, is not a change", async () => {
    // The LEIA keeps its parts generated: the behaviour's prompt carries the problem's text.
    mocked.getLeia.mockImplementation(async (id) => {
      const item = [bank, bank110, bank100].find((candidate) => candidate.id === id)!;
      const description = item === bank100 ? 'A bank wants an app' : 'A bank wants a mobile app';
      const leia = fullLeia(item, { problem: { description } });
      leia.spec.behaviour.spec = { description: `Play the client of: ${description}`, role: 'Client' };
      leia.spec.behaviour.id = 'behaviour-shared';
      return leia;
    });
    // The parts as stored: one behaviour, its prompt a template.
    api.getResource.mockImplementation(async (kind, id) => {
      if (kind === 'behaviour') {
        return {
          id,
          apiVersion: 'v1',
          metadata: { name: 'Client', version: '1.0.0' },
          spec: { description: 'Play the client of: {{problem.spec.description}}', role: 'Client' },
        } as never;
      }
      const leia = await mocked.getLeia(id.replace(/^(persona|problem)-/, ''));
      return leia.spec[kind] as never;
    });
    const { user } = await openHistory();
    await user.click(screen.getByRole('checkbox', { name: 'Compare v1.1.0' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare v1.0.0' }));
    const compare = await screen.findByRole('region', { name: 'Compare v1.0.0 with v1.1.0' });
    expect(within(compare).getByRole('status')).toHaveTextContent(
      /^Changes: Changed spec\.problem\.spec\.description$/,
    );
    expect(api.getResource).toHaveBeenCalledWith('behaviour', 'behaviour-shared', expect.anything());
  });

  it('offers no restore on the newest version, whose content is the current one', async () => {
    await openHistory();
    expect(within(versionItem('1.2.0')).queryByRole('button', { name: /^Restore/ })).toBeNull();
    expect(within(versionItem('1.1.0')).getByRole('button', { name: 'Restore v1.1.0' })).toBeInTheDocument();
  });

  it("'Restore this version': minor by default with its number, then 'Restored v1.0.0 as v1.3.0'", async () => {
    const { user } = await openHistory();
    await user.click(within(versionItem('1.0.0')).getByRole('button', { name: 'Restore v1.0.0' }));
    const listLoads = mocked.listLeias.mock.calls.length;
    const question = screen.getByRole('region', { name: 'Restore v1.0.0 as a new version' });
    expect(within(question).getByRole('radio', { name: 'Minor (1.3.0)' })).toBeChecked();
    expect(within(question).getByRole('radio', { name: 'Patch (1.2.1)' })).not.toBeChecked();
    expect(within(question).getByRole('radio', { name: 'Major (2.0.0)' })).not.toBeChecked();
    await user.click(within(question).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored v1.0.0 as v1.3.0')).toBeInTheDocument();
    expect(api.restoreVersion).toHaveBeenCalledWith('leia', bank100.id, 'minor');
    expect(api.listVersions).toHaveBeenCalledTimes(2);
    // The screen's list reloads: the new version is its latest row.
    await waitFor(() => expect(mocked.listLeias.mock.calls.length).toBe(listLoads + 1));
    // The new version opens in the modal.
    await user.click(screen.getByRole('button', { name: 'Open v1.3.0' }));
    await waitFor(() => expect(mocked.getLeia).toHaveBeenLastCalledWith('id-bank-1.3.0', expect.anything()));
  });

  it('a refused restore says why and stays on the question', async () => {
    api.restoreVersion.mockRejectedValueOnce(httpError(403, { message: 'Only the owner may' }));
    const { user } = await openHistory();
    await user.click(screen.getByRole('button', { name: 'Restore v1.1.0' }));
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the owner may');
    expect(screen.getByRole('region', { name: 'Restore v1.1.0 as a new version' })).toBeInTheDocument();
  });

  it("no restore for an instructor on an admin's LEIA; the versions and the diff stay", async () => {
    resetApi(undefined, teacherUser);
    await openHistory();
    expect(screen.queryByRole('button', { name: /^Restore v/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Compare v1.0.0' })).toBeInTheDocument();
  });

  it("shows 'Derived from {name} v{version}', which opens it, and the designs derived from this one", async () => {
    const { user, modal } = await openHistory();
    expect(modal.getByRole('region', { name: 'Designs derived from this' })).toHaveTextContent(
      'Zoo game v1.0.0',
    );
    await user.click(modal.getByRole('button', { name: 'Derived from Zoo game v1.0.0' }));
    await screen.findByRole('dialog', { name: 'Zoo game' });
    await waitFor(() => expect(mocked.getLeia).toHaveBeenLastCalledWith(zoo.id, expect.anything()));
  });

  it("a private source reads 'Derived from a private design', with no link", async () => {
    api.getLineage.mockResolvedValue({ derivedFrom: { visible: false }, derived: [] });
    const { modal } = await openHistory();
    expect(modal.getByText('Derived from a private design')).toBeInTheDocument();
    expect(modal.queryByRole('button', { name: /Derived from/ })).toBeNull();
    expect(modal.getByText('None that you can see')).toBeInTheDocument();
  });
});

describe('View modal: History palette commands', () => {
  it("'Show history...' searches the LEIAs and opens the chosen one on its History tab", async () => {
    await renderSearch();
    const command = findCommand('leias.history');
    const items = await pageItems(command, 'bank');
    expect(mocked.listLeias).toHaveBeenLastCalledWith(expect.objectContaining({ text: 'bank' }));
    await act(async () => command.run(items[0]!.value));
    const modal = dialog('Bank interview');
    expect(await modal.findByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    expect(await modal.findByRole('list', { name: 'Versions of Bank interview' })).toBeInTheDocument();
  });

  it("while the modal is open: 'Compare with previous version', 'Restore version...', 'Open the design this came from'", async () => {
    const { user } = await renderSearch();
    await user.click(inRow('Bank interview').getByRole('button', { name: /^View / }));
    await screen.findByRole('tab', { name: 'Problem' });
    await waitFor(() => expect(latestCommand('history.comparePrevious').disabled).toBeUndefined());

    await act(async () => latestCommand('history.comparePrevious').run());
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    expect(
      await screen.findByRole('region', { name: 'Compare v1.1.0 with v1.2.0' }, { timeout: 15_000 }),
    ).toBeInTheDocument();

    const restore = latestCommand('history.restore');
    const choices = await pageItems(restore);
    // Not the newest: its content is the current one.
    expect(choices.map((item) => item.title)).toEqual(['v1.1.0', 'v1.0.0']);
    const bumps = await argumentPage(restore, 1, choices[1]!.value).load!(new AbortController().signal);
    expect(bumps.map((item) => item.title)).toEqual(['Minor (1.3.0)', 'Patch (1.2.1)', 'Major (2.0.0)']);
    await act(async () => restore.run(choices[1]!.value, 'major'));
    await waitFor(() => expect(api.restoreVersion).toHaveBeenCalledWith('leia', bank100.id, 'major'));

    await act(async () => latestCommand('leias.derivedFrom').run());
    await screen.findByRole('dialog', { name: 'Zoo game' });
  });

  it("'Open the design this came from' says why it cannot run for a design with no source", async () => {
    api.getLineage.mockResolvedValue({ derived: [] });
    const { user } = await renderSearch();
    await user.click(inRow('Bank interview').getByRole('button', { name: /^View / }));
    await waitFor(() =>
      expect(latestCommand('leias.derivedFrom').disabled).toBe('This LEIA was not derived from another'),
    );
  });
});
