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

  it('closing or reloading the tab with unsaved edits asks the browser to confirm (beforeunload); without edits it does not', async () => {
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
      window.dispatchEvent(event);
      return event;
    };
    const { user, unmount } = await renderWizard();
    await user.click(card('Aisha Okafor'));
    expect(unload().defaultPrevented).toBe(false);
    unmount();
    await editedDesign();
    expect(unload().defaultPrevented).toBe(true);
  });

  it('once the screen is left, the browser is not asked any more', async () => {
    const { unmount } = await editedDesign();
    unmount();
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
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

/** 'Design from this' opens /create with Carlos Mendoza, Library room booking and the interviewee. */
const arriveWithPreset = async () => {
  window.history.replaceState(
    {
      preset: {
        persona: catalogue.persona[1],
        problem: catalogue.problem[0],
        behaviour: catalogue.behaviour[0],
      },
      source: { id: 'leia-carlos', name: 'Carlos at the library', version: '1.0.0' },
    },
    '',
    '/create',
  );
  return renderWizard({ waitFor: false });
};

describe("Design wizard: 'Design from this' over a design in progress", () => {
  it('asks first, with the focus in the dialog on the safe answer; Escape keeps the design in progress', async () => {
    const { unmount } = await editedDesign();
    unmount();
    const stored = () => JSON.parse(sessionStorage.getItem('leia:design:u-admin') ?? 'null');
    const kept = stored();
    const { user } = await arriveWithPreset();
    const ask = await screen.findByRole('dialog', { name: 'Replace the design in progress?' });
    expect(ask).toHaveTextContent(
      'It has unsaved edits. Designing from Carlos at the library replaces its choices, edits and names; keeping it opens it as you left it.',
    );
    expect(within(ask).getByRole('button', { name: 'Keep my design' })).toHaveFocus();
    // Nothing of either design shows behind the question.
    expect(screen.queryByRole('article', { name: 'Carlos Mendoza' })).toBeNull();
    expect(stored()).toEqual(kept);
    // Focus stays in the dialog.
    await user.tab();
    expect(ask).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    await user.tab();
    expect(ask).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Edit', level: 2 })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Aisha Okafor' })).getByText('(edited)'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Carlos Mendoza' })).toBeNull();
    expect(stored()).toEqual(kept);
  });

  it("'Keep my design' keeps it too, and a reload afterwards does not ask again", async () => {
    const { unmount } = await editedDesign();
    unmount();
    const first = await arriveWithPreset();
    const ask = await screen.findByRole('dialog', { name: 'Replace the design in progress?' });
    await first.user.click(within(ask).getByRole('button', { name: 'Keep my design' }));
    expect(await screen.findByRole('article', { name: 'Aisha Okafor' })).toBeInTheDocument();
    first.unmount();
    await renderWizard();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      within(screen.getByRole('article', { name: 'Aisha Okafor' })).getByText('(edited)'),
    ).toBeInTheDocument();
  });

  it("'Replace' opens the preset at step 2, which is kept from then on", async () => {
    const { unmount } = await editedDesign();
    unmount();
    const { user } = await arriveWithPreset();
    const ask = await screen.findByRole('dialog', { name: 'Replace the design in progress?' });
    await user.click(within(ask).getByRole('button', { name: 'Replace' }));
    expect(await screen.findByRole('article', { name: 'Carlos Mendoza' })).toBeInTheDocument();
    expect(screen.queryByText('(edited)')).toBeNull();
    const kept = JSON.parse(sessionStorage.getItem('leia:design:u-admin')!);
    expect(kept.parts.persona.id).toBe('p-carlos');
    expect(kept.source.name).toBe('Carlos at the library');
  });

  it('a kept design with choices only is replaced without asking', async () => {
    const { user, unmount } = await renderWizard();
    await toStep2(user);
    unmount();
    await arriveWithPreset();
    expect(await screen.findByRole('article', { name: 'Carlos Mendoza' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
