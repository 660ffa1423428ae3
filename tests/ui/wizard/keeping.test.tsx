import { act, screen, waitFor, within } from '@testing-library/react';
import { navigate } from 'wouter/use-browser-location';
import { card, catalogue, renderWizard, resetApi, signInAs, teacherUser, toStep2 } from './harness';

const { partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock(
  '@client/api/resources',
  partlyFake('listResources', 'getResource', 'createResource', 'deleteResource', 'resourceExists'),
);
vi.mock('@client/api/leias', partlyFake('createLeia', 'leiaExists'));
vi.mock('@client/api/history', partlyFake('listVersions'));
vi.mock('@client/api/runner', partlyFake('initializeSession'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

beforeEach(() => resetApi());

/** Step 2 with the persona's first name edited. */
const editedDesign = async () => {
  const view = await renderWizard();
  await toStep2(view.user);
  await view.user.click(screen.getByRole('button', { name: 'Edit persona' }));
  await view.user.type(screen.getByRole('textbox', { name: 'First Name' }), 'na');
  await view.user.click(screen.getByRole('button', { name: 'Save' }));
  return view;
};

describe('Design wizard: nothing typed is lost', () => {
  it('the design in progress comes back after a reload (session storage), at its step with its edits', async () => {
    const { unmount } = await editedDesign();
    unmount();
    await renderWizard();
    expect(screen.getByRole('heading', { name: 'Edit', level: 2 })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Aisha Okafor' })).getByText('(edited)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Real-time Preview' })).toHaveTextContent('Aishana');
  });

  it('another account on the same tab does not get it', async () => {
    const { unmount } = await editedDesign();
    unmount();
    resetApi(teacherUser);
    signInAs(teacherUser);
    await renderWizard();
    expect(screen.getByRole('heading', { name: 'Select Components' })).toBeInTheDocument();
  });

  it('a design brought back from a chat restores its step and edits, then the history state is cleared', async () => {
    const { unmount } = await editedDesign();
    const wizardState = JSON.parse(sessionStorage.getItem('leia:design:u-admin')!);
    unmount();
    sessionStorage.clear();
    window.history.replaceState({ wizardState }, '', '/create');
    await renderWizard();
    expect(
      within(screen.getByRole('article', { name: 'Aisha Okafor' })).getByText('(edited)'),
    ).toBeInTheDocument();
    expect(window.history.state).toBeNull();
  });

  it('a preset preloads the three parts and jumps to step 2', async () => {
    window.history.replaceState(
      {
        preset: {
          persona: catalogue.persona[1],
          problem: catalogue.problem[0],
          behaviour: catalogue.behaviour[0],
        },
      },
      '',
      '/create',
    );
    await renderWizard();
    expect(screen.getByRole('heading', { name: 'Edit', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Carlos Mendoza' })).toBeInTheDocument();
    expect(window.history.state).toBeNull();
  });

  it('leaving /create with unsaved edits asks first: Stay keeps the screen, Leave goes (and keeps the design)', async () => {
    const { user } = await editedDesign();
    act(() => navigate('/profile'));
    const ask = screen.getByRole('dialog', { name: 'Leave this design?' });
    expect(window.location.pathname).toBe('/create');
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(window.location.pathname).toBe('/create');
    act(() => navigate('/profile'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(window.location.pathname).toBe('/profile'));
    expect(sessionStorage.getItem('leia:design:u-admin')).not.toBeNull();
  });

  it('without edits, and to /login or /forbidden, it never asks', async () => {
    const { user, unmount } = await renderWizard();
    await user.click(card('Aisha Okafor'));
    act(() => navigate('/profile'));
    expect(window.location.pathname).toBe('/profile');
    unmount();
    await editedDesign();
    act(() => navigate('/login'));
    expect(window.location.pathname).toBe('/login');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
