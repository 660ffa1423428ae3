import * as api from '@client/api/activities';
import * as leias from '@client/api/leias';
import * as runner from '@client/api/runner';
import { useAuth } from '@client/auth';
import { MyActivities } from '@client/screens/Activities/MyActivities';
import { EditorView } from '@codemirror/view';
import type { SessionUser } from '@machines/auth';
import type { Activity } from '@shared/schemas/activities';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { week1 } from '../../support/activities';

/**
 * Shared by the My Activities UI tests. Each file mocks the modules itself (vi.mock is hoisted per
 * file), with ../support/mocks.ts:
 *
 *   const { ACTIVITY_CALLS } = await vi.hoisted(() => import('./calls'));
 *   vi.mock('@client/api/activities', fakeModule(...ACTIVITY_CALLS));
 *   vi.mock('@client/api/runner', partlyFake('initializeSession', 'generateTranscription'));
 *   vi.mock('@client/api/leias', partlyFake('getLeia', 'listLeias'));
 *   vi.mock('@client/auth', partlyFake('useAuth'));
 *   vi.mock('@client/palette', partlyFake('usePaletteCommands'));
 *   vi.mock('sonner', fakeToasts);
 */

export { ACTIVITY_CALLS } from './calls';

export const admin: SessionUser = { id: 'u-admin', email: 'admin@leia.local', role: 'admin' };

export const mocked = {
  listActivities: vi.mocked(api.listActivities),
  createActivity: vi.mocked(api.createActivity),
  addLeiaToActivity: vi.mocked(api.addLeiaToActivity),
  setLeiaMode: vi.mocked(api.setLeiaMode),
  saveTranscription: vi.mocked(api.saveTranscription),
  publishActivity: vi.mocked(api.publishActivity),
  deleteActivity: vi.mocked(api.deleteActivity),
  removeLeiaFromActivity: vi.mocked(api.removeLeiaFromActivity),
  importActivity: vi.mocked(api.importActivity),
  initializeSession: vi.mocked(runner.initializeSession),
  generateTranscription: vi.mocked(runner.generateTranscription),
  getLeia: vi.mocked(leias.getLeia),
  listLeias: vi.mocked(leias.listLeias),
  useAuth: vi.mocked(useAuth),
};

export const resetApi = (activities: Activity[] = [week1]) => {
  for (const fn of Object.values(mocked)) fn.mockReset();
  mocked.listActivities.mockResolvedValue(activities);
  mocked.useAuth.mockReturnValue({
    token: 't',
    user: admin,
    isAuthenticated: true,
    isLoading: false,
    login: vi.fn(),
    logout: vi.fn(),
    updateUser: vi.fn(),
  });
};

export const renderActivities = async ({ waitForList = true } = {}) => {
  const user = userEvent.setup();
  const view = render(<MyActivities />);
  if (waitForList) await screen.findByRole('list', { name: 'Activities' });
  return { user, ...view };
};

/** An activity's card (an article named by the activity's name). */
export const card = (name: string) => within(screen.getByRole('article', { name }));
/** A LEIA's row in an expanded card (a region named by the LEIA's name). */
export const leiaRow = (name: string) => within(screen.getByRole('region', { name }));

/** Opens a card by its chevron. */
export const expand = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(screen.getByRole('button', { name: `Show the LEIAs of ${name}` }));
};

/** Replaces the whole text of the CodeMirror editor with this label, as typing would. */
export const typeInEditor = async (label: string, text: string) => {
  const content = await screen.findByRole('textbox', { name: label }, { timeout: 15_000 });
  const view = EditorView.findFromDOM(content.closest<HTMLElement>('.cm-editor')!);
  if (!view) throw new Error(`no editor ${label}`);
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
};

export { dialog } from '../support/dom';
export { deferred, httpError } from '../support/http';
