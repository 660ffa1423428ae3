import type { Leia, LeiaListItem, LeiaPage } from '@client/api/leias';
import * as api from '@client/api/leias';
import { MyLeias } from '@client/screens/Search/MyLeias';
import { SearchScreen } from '@client/screens/Search/SearchScreen';
import type { SessionUser } from '@machines/auth';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { httpError } from '../support/http';

/**
 * Shared by the Search UI tests. Each test file mocks the modules itself (vi.mock is hoisted per
 * file), with the factories of ../support/mocks.ts:
 *
 *   vi.mock('@client/api/leias', partlyFake('listLeias', 'getLeia', 'deleteLeia'));
 *   vi.mock('@client/auth', partlyFake('useAuth'));
 *   vi.mock('@client/palette', partlyFake('usePaletteCommands'));
 *   vi.mock('sonner', fakeToasts);
 *
 * This module gives the fixtures and helpers.
 */

export const adminUser: SessionUser = { id: 'u-admin', email: 'admin@leia.local', role: 'admin' };
export const teacherUser: SessionUser = { id: 'u-teacher', email: 'teacher@school.org', role: 'instructor' };
export const advancedUser: SessionUser = { id: 'u-adv', email: 'adv@school.org', role: 'advanced' };

const owner = (user: SessionUser) => ({ id: user.id, email: user.email, role: user.role as 'admin' });

export const row = (
  name: string,
  options: { by?: SessionUser; version?: string; published?: boolean; description?: string } = {},
): LeiaListItem => ({
  id: `id-${name.toLowerCase().replace(/\W+/g, '-')}-${options.version ?? '1.0.0'}`,
  metadata: { name, version: options.version ?? '1.0.0' },
  isPublished: options.published ?? true,
  createdAt: '2025-11-20T17:45:00.000Z',
  updatedAt: '2025-11-20T17:45:00.000Z',
  user: owner(options.by ?? adminUser),
  description: options.description ?? `${name} description`,
  parts: { persona: 'p', problem: 'q', behaviour: 'b' },
});

export const bank = row('Bank interview', { version: '1.2.0', description: 'A bank wants an app' });
export const library = row('Library', { by: teacherUser, published: false });
export const zoo = row('Zoo game', { by: advancedUser });

export const fullLeia = (
  item: LeiaListItem,
  overrides: Partial<Record<'persona' | 'problem' | 'behaviour', Record<string, unknown>>> = {},
): Leia => {
  const part = (kind: string, spec: Record<string, unknown>) => ({
    id: `${kind}-${item.id}`,
    apiVersion: 'v1',
    metadata: { name: `${item.metadata.name} ${kind}`, version: '1.0.0' },
    spec,
  });
  const { parts: _parts, ...rest } = item;
  return {
    ...rest,
    spec: {
      problem: part('problem', {
        description: `${item.metadata.name} problem`,
        details: 'Some details',
        solution: 'classes:\n  - Account\n',
        solutionFormat: 'yaml',
        process: ['requirements-elicitation', 'game'],
        ...overrides.problem,
      }),
      persona: part('persona', {
        fullName: 'Ada Lovelace',
        firstName: 'Ada',
        description: 'A mathematician',
        personality: ['calm', 'curious'],
        subjectPronoum: 'she',
        objectPronoum: 'her',
        possesivePronoum: 'hers',
        possesiveAdjective: 'her',
        ...overrides.persona,
      }),
      behaviour: part('behaviour', {
        description: 'You are {{persona.fullName}}.',
        role: 'Client',
        process: ['requirements-elicitation'],
        ...overrides.behaviour,
      }),
    },
  };
};

export const mocked = {
  listLeias: vi.mocked(api.listLeias),
  getLeia: vi.mocked(api.getLeia),
  deleteLeia: vi.mocked(api.deleteLeia),
};

import { signInAs } from '../support/session';

export { signInAs };

export const resetApi = (page: LeiaPage = { items: [bank, library, zoo] }, user: SessionUser = adminUser) => {
  mocked.listLeias.mockReset().mockResolvedValue(page);
  mocked.getLeia.mockReset().mockImplementation(async (id) => {
    const item = [bank, library, zoo].find((candidate) => candidate.id === id);
    if (!item) throw httpError(404, { message: 'LEIA not found' });
    return fullLeia(item);
  });
  mocked.deleteLeia.mockReset().mockResolvedValue(undefined);
  signInAs(user);
};

export const renderSearch = async ({ waitForRows = true, mine = false } = {}) => {
  const user = userEvent.setup();
  const view = render(mine ? <MyLeias /> : <SearchScreen />);
  if (waitForRows) await screen.findByRole('feed', { name: 'LEIAs' });
  return { user, ...view };
};

/** The result row (an article named by the LEIA's name). */
export const rowOf = (name: string) => screen.getByRole('article', { name });
export const inRow = (name: string) => within(rowOf(name));

export { dialog } from '../support/dom';
export { deferred, httpError } from '../support/http';
