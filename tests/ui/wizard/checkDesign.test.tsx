import { listLeakChecks, startLeakCheck } from '@client/api/evaluations';
import { usePaletteCommands } from '@client/palette';
import { LEAK_CHECK_VIEW_TEXTS } from '@machines/leakCheck';
import { act, screen, within } from '@testing-library/react';
import { renderWizard, resetApi, toStep2 } from './harness';

const { partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock(
  '@client/api/resources',
  partlyFake('listResources', 'getResource', 'createResource', 'deleteResource', 'resourceExists'),
);
vi.mock('@client/api/leias', partlyFake('createLeia', 'leiaExists', 'listLeias'));
vi.mock('@client/api/history', partlyFake('listVersions'));
vi.mock('@client/api/runner', partlyFake('initializeSession'));
vi.mock('@client/api/evaluations', partlyFake('listLeakChecks', 'startLeakCheck'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

beforeEach(() => {
  resetApi();
  vi.mocked(usePaletteCommands).mockReset();
});

const registered = (id: string) =>
  vi
    .mocked(usePaletteCommands)
    .mock.calls.flatMap(([commands]) => commands)
    .findLast((command) => command.id === id);

describe("Design wizard: 'Check this design'", () => {
  it('on step 2 explains that a design must be saved before it is checked, and checks nothing', async () => {
    const { user } = await renderWizard();
    await toStep2(user);
    const button = screen.getByRole('button', { name: 'Check this design' });
    await user.click(button);
    const explanation = within(screen.getByRole('dialog', { name: 'Check this design' }));
    for (const line of LEAK_CHECK_VIEW_TEXTS.unsaved) expect(explanation.getByText(line)).toBeInTheDocument();
    expect(LEAK_CHECK_VIEW_TEXTS.unsaved[0]).toBe(
      'A leak check interviews a saved LEIA, and this design is not saved yet.',
    );
    expect(explanation.queryByRole('button', { name: 'Start check' })).toBeNull();
    expect(vi.mocked(listLeakChecks)).not.toHaveBeenCalled();
    expect(vi.mocked(startLeakCheck)).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it("is a palette command too, beside 'Check LEIA design...' for saved LEIAs", async () => {
    await renderWizard();
    expect(registered('evaluation.checkLeia')?.title).toBe('Check LEIA design...');
    const command = registered('evaluation.checkDesign')!;
    expect(command.title).toBe('Check this design');
    act(() => command.run());
    expect(screen.getByRole('dialog', { name: 'Check this design' })).toHaveTextContent(
      'Finish it on step 3 to save it as a LEIA',
    );
  });
});
