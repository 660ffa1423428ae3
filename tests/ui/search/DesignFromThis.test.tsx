import * as resources from '@client/api/resources';
import { readDesignNavigation } from '@client/design/navigation';
import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { chooseItems, pageCommand, pageItems } from '../support/palette';
import { bank, deferred, dialog, fullLeia, httpError, inRow, renderSearch, resetApi } from './harness';

const { partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/leias', partlyFake('listLeias', 'getLeia', 'deleteLeia'));
vi.mock('@client/api/resources', partlyFake('getResource'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

const getResource = vi.mocked(resources.getResource);
const stored = (kind: string, id: string) => ({
  id,
  apiVersion: 'v1',
  metadata: { name: `${kind} ${id}`, version: '1.0.0' },
  spec: kind === 'persona' ? { fullName: 'Ada' } : { description: `${kind} text` },
  user: { id: 'u-admin', email: 'admin@leia.local', role: 'admin' as const },
  isPublished: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

beforeEach(() => {
  resetApi();
  vi.mocked(toast.error).mockReset();
  getResource.mockReset().mockImplementation(async (kind, id) => stored(kind, id));
});

describe("Search: 'Design from this'", () => {
  it('loads the three parts together, then opens /create with them as the preset', async () => {
    const { user } = await renderSearch();
    const pending = deferred<ReturnType<typeof stored>>();
    getResource.mockImplementationOnce(() => pending.promise);
    const button = inRow('Bank interview').getByRole('button', {
      name: 'Design from this Bank interview v1.2.0',
    });
    await user.click(button);
    expect(getResource.mock.calls.map(([kind, id]) => [kind, id])).toEqual([
      ['persona', 'p'],
      ['problem', 'q'],
      ['behaviour', 'b'],
    ]);
    expect(button).toHaveAttribute('aria-busy', 'true');
    pending.resolve(stored('persona', 'p'));
    await waitFor(() => expect(window.location.pathname).toBe('/create'));
    expect(readDesignNavigation(window.history.state).preset).toEqual({
      persona: stored('persona', 'p'),
      problem: stored('problem', 'q'),
      behaviour: stored('behaviour', 'b'),
    });
  });

  it("says 'Could not load preset data' when a part cannot be loaded, and stays", async () => {
    getResource.mockRejectedValueOnce(httpError(404, { message: 'Resource not found' }));
    const { user } = await renderSearch();
    await user.click(inRow('Bank interview').getByRole('button', { name: /^Design from this / }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Could not load preset data',
        expect.objectContaining({ position: 'bottom-right' }),
      ),
    );
    expect(window.location.pathname).toBe('/');
  });

  it('the View modal offers it too, with the part ids of the LEIA it shows', async () => {
    const { user } = await renderSearch();
    await user.click(inRow('Bank interview').getByRole('button', { name: /^View / }));
    await screen.findByRole('tab', { name: 'Problem' });
    await user.click(dialog('Bank interview').getByRole('button', { name: 'Design from this' }));
    const leia = fullLeia(bank);
    await waitFor(() => expect(window.location.pathname).toBe('/create'));
    expect(getResource.mock.calls.map(([kind, id]) => [kind, id])).toEqual([
      ['persona', leia.spec.persona.id],
      ['problem', leia.spec.problem.id],
      ['behaviour', leia.spec.behaviour.id],
    ]);
  });

  it("is a palette command, 'Design from LEIA...', that searches the listed LEIAs", async () => {
    await renderSearch();
    const command = pageCommand('leias.design');
    expect(command.title).toBe('Design from LEIA...');
    const items = await pageItems(command, 'bank');
    chooseItems(command, items[0]!);
    await waitFor(() => expect(window.location.pathname).toBe('/create'));
  });

  it('carries the LEIA it starts from (row and View modal), which the new design records as its source', async () => {
    const { user, unmount } = await renderSearch();
    await user.click(inRow('Bank interview').getByRole('button', { name: /^Design from this / }));
    await waitFor(() => expect(window.location.pathname).toBe('/create'));
    unmount();
    const source = { id: bank.id, name: 'Bank interview', version: '1.2.0', user: bank.user };
    expect(readDesignNavigation(window.history.state).source).toEqual(source);

    window.history.replaceState(null, '', '/');
    const again = await renderSearch();
    await again.user.click(inRow('Bank interview').getByRole('button', { name: /^View / }));
    await screen.findByRole('tab', { name: 'Problem' });
    await again.user.click(dialog('Bank interview').getByRole('button', { name: 'Design from this' }));
    await waitFor(() => expect(window.location.pathname).toBe('/create'));
    expect(readDesignNavigation(window.history.state).source).toEqual(source);
  });
});
