import * as history from '@client/api/history';
import * as leias from '@client/api/leias';
import * as resources from '@client/api/resources';
import * as runner from '@client/api/runner';
import { useAuth } from '@client/auth';
import { Wizard } from '@client/screens/Wizard/Wizard';
import { EditorView } from '@codemirror/view';
import type { SessionUser } from '@machines/auth';
import type { ResourceItem } from '@shared/schemas/resource-api';
import type { ResourceKind } from '@shared/schemas/resources';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Shared by the design wizard's UI tests. Each file mocks the modules itself (vi.mock is hoisted
 * per file), with the factories of ../support/mocks.ts:
 *
 *   vi.mock('@client/api/resources', partlyFake('listResources', 'getResource', 'createResource',
 *     'deleteResource', 'resourceExists'));
 *   vi.mock('@client/api/leias', partlyFake('createLeia', 'leiaExists'));
 *   vi.mock('@client/api/history', partlyFake('listVersions'));
 *   vi.mock('@client/api/runner', partlyFake('initializeSession'));
 *   vi.mock('@client/auth', partlyFake('useAuth'));
 *   vi.mock('@client/palette', partlyFake('usePaletteCommands'));
 *   vi.mock('sonner', fakeToasts);
 */

export const adminUser: SessionUser = { id: 'u-admin', email: 'admin@leia.local', role: 'admin' };
export const teacherUser: SessionUser = { id: 'u-teacher', email: 'teacher@school.org', role: 'instructor' };

const owner = (user: SessionUser) => ({ id: user.id, email: user.email, role: user.role as 'admin' });

export const resource = (
  id: string,
  name: string,
  spec: Record<string, unknown>,
  options: { by?: SessionUser; published?: boolean } = {},
): ResourceItem => ({
  id,
  apiVersion: 'v1',
  metadata: { name, version: '1.0.0' },
  spec,
  user: owner(options.by ?? adminUser),
  isPublished: options.published ?? true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

export const HIDDEN_BEHAVIOUR_TEXT = 'You are {{persona.fullName}}, a careful client.';

export const catalogue: Record<ResourceKind, ResourceItem[]> = {
  persona: [
    resource('p-aisha', 'Aisha Okafor', {
      fullName: 'Aisha Okafor',
      firstName: 'Aisha',
      description: 'Nurse manager',
    }),
    resource(
      'p-carlos',
      'Carlos Mendoza',
      { fullName: 'Carlos Mendoza', firstName: 'Carlos', description: 'Baker' },
      {
        by: teacherUser,
        published: false,
      },
    ),
  ],
  problem: [
    resource('q-library', 'Library room booking', {
      description: 'A library for {{persona.firstName}}',
      process: ['requirements-elicitation'],
      constrainedTo: { 'behaviour.spec.process': ['requirements-elicitation'] },
    }),
    resource('q-game', 'Mystery object game', {
      description: 'A guessing game',
      process: ['game'],
      constrainedTo: { 'behaviour.spec.process': ['game'] },
    }),
  ],
  behaviour: [
    resource('b-interviewee', 'Requirements interviewee', {
      description: HIDDEN_BEHAVIOUR_TEXT,
      role: 'Client',
      process: ['requirements-elicitation'],
    }),
  ],
};

/** What the server answers an instructor: behaviours without their content. */
const asSeenBy = (user: SessionUser, kind: ResourceKind, items: ResourceItem[]) =>
  kind === 'behaviour' && user.role === 'instructor'
    ? items.map((item) => ({ ...item, spec: { role: item.spec.role, process: item.spec.process } }))
    : items;

export const mocked = {
  listResources: vi.mocked(resources.listResources),
  createResource: vi.mocked(resources.createResource),
  deleteResource: vi.mocked(resources.deleteResource),
  resourceExists: vi.mocked(resources.resourceExists),
  createLeia: vi.mocked(leias.createLeia),
  leiaExists: vi.mocked(leias.leiaExists),
  listVersions: vi.mocked(history.listVersions),
  initializeSession: vi.mocked(runner.initializeSession),
  useAuth: vi.mocked(useAuth),
};

export const signInAs = (user: SessionUser) => {
  mocked.useAuth.mockReturnValue({
    token: 't',
    user,
    isAuthenticated: true,
    isLoading: false,
    login: vi.fn(),
    logout: vi.fn(),
    updateUser: vi.fn(),
  });
};

export const resetApi = (user: SessionUser = adminUser) => {
  mocked.listResources.mockReset().mockImplementation(async (kind) => asSeenBy(user, kind, catalogue[kind]));
  mocked.createResource
    .mockReset()
    .mockImplementation(async (kind, body) => resource(`new-${kind}`, body.metadata.name, body.spec));
  mocked.deleteResource.mockReset().mockResolvedValue(undefined);
  mocked.resourceExists.mockReset().mockResolvedValue(false);
  mocked.createLeia.mockReset().mockResolvedValue({ id: 'leia-new' } as never);
  mocked.leiaExists.mockReset().mockResolvedValue(false);
  // Step 3 asks for the latest version of what it may version: none answered means each part's own.
  mocked.listVersions.mockReset().mockResolvedValue([]);
  mocked.initializeSession.mockReset().mockResolvedValue({ sessionId: 'session-1' });
  signInAs(user);
};

/** Renders /create and waits for step 1 (or, with `waitFor: false`, returns at once). */
export const renderWizard = async ({ waitFor = true } = {}) => {
  const user = userEvent.setup();
  window.history.replaceState(window.history.state, '', '/create');
  const view = render(<Wizard />);
  if (waitFor) await screen.findByRole('heading', { name: /Select Components|Edit|Create your LEIA/ });
  return { user, ...view };
};

export const column = (title: 'Personas' | 'Problems' | 'Behaviours') =>
  within(screen.getByRole('region', { name: new RegExp(title) }));

export const card = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} v`) });

/** Chooses Library room booking, Requirements interviewee and Aisha Okafor, then Next. */
export const toStep2 = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(card('Requirements interviewee'));
  await user.click(card('Library room booking'));
  await user.click(card('Aisha Okafor'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Edit', level: 2 });
};

/** Replaces the text of the CodeMirror editor named `label`, as typing would. */
export const setEditorText = async (label: string, text: string) => {
  const editor = await screen.findByRole('textbox', { name: label }, { timeout: 15_000 });
  const view = EditorView.findFromDOM(editor);
  if (!view) throw new Error(`no editor ${label}`);
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
};

export { deferred, httpError } from '../support/http';
