import { deleteLeia, getLeia, leiaListQuery, listLeias } from '@client/api/leias';
import { TOKEN_KEY } from '@client/api/token';

const reply = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
  });

const fetchMock = vi.fn<(request: RequestInfo, init?: RequestInit) => Promise<Response>>();
const calledUrl = (index = -1) => new URL(String(fetchMock.mock.calls.at(index)?.[0]), 'http://x');

const item = (id: string, owner: string) => ({
  id,
  user: { id: owner, email: `${owner}@x.io`, role: 'admin' },
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(TOKEN_KEY, 'abc');
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LEIAs API module', () => {
  it('builds the query by spec section 5: text trimmed if any, version always, visibility unless all', () => {
    expect(leiaListQuery({})).toEqual({ version: 'latest' });
    expect(leiaListQuery({ text: '   ', version: '', visibility: 'all' })).toEqual({ version: '' });
    expect(leiaListQuery({ text: ' bank ', visibility: 'private', cursor: 'c', limit: 50 })).toEqual({
      version: 'latest',
      text: 'bank',
      visibility: 'private',
      cursor: 'c',
      limit: 50,
    });
  });

  it('lists a page with the bearer token and reads the next cursor from x-next-cursor', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, [item('a', 'u')], { 'x-next-cursor': '123_abc' }));
    const page = await listLeias({ text: 'bank', version: '', limit: 50 });
    expect(calledUrl().pathname).toBe('/api/v1/leias');
    expect(Object.fromEntries(calledUrl().searchParams)).toEqual({
      version: '',
      text: 'bank',
      limit: '50',
      fields: 'summary',
    });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer abc');
    expect(page).toEqual({ items: [item('a', 'u')], nextCursor: '123_abc' });

    fetchMock.mockResolvedValueOnce(reply(200, []));
    expect(await listLeias({ limit: 50 })).toEqual({ items: [] });
  });

  it('gets one LEIA by id', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { id: 'a b' }));
    await getLeia('a b');
    expect(calledUrl().pathname).toBe('/api/v1/leias/a%20b');
  });

  it('deletes without the global 403 rule, so the dialog can say why', async () => {
    fetchMock.mockResolvedValueOnce(reply(204));
    await deleteLeia('l-1');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
    fetchMock.mockResolvedValueOnce(
      reply(403, { message: 'You do not have permission to delete this LEIA' }),
    );
    await expect(deleteLeia('l-1')).rejects.toMatchObject({ status: 403 });
    expect(window.location.pathname).toBe('/');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('abc');
  });

  it('a 401 while deleting still ends the session: token removed, /login', async () => {
    fetchMock.mockResolvedValueOnce(reply(401, { message: 'Unauthorized' }));
    await expect(deleteLeia('l-1')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('My LEIAs: owner=me on the server, one request per page, the cursor handed on as is', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(200, [item('1', 'me'), item('4', 'me')], { 'x-next-cursor': 'c1' }),
    );
    const page = await listLeias({ owner: 'me', version: 'latest', visibility: 'private', limit: 2 });
    expect(page).toEqual({ items: [item('1', 'me'), item('4', 'me')], nextCursor: 'c1' });
    expect(Object.fromEntries(calledUrl().searchParams)).toEqual({
      owner: 'me',
      version: 'latest',
      visibility: 'private',
      limit: '2',
      fields: 'summary',
    });
    fetchMock.mockResolvedValueOnce(reply(200, [item('5', 'me')]));
    expect(await listLeias({ owner: 'me', cursor: 'c1', limit: 2 })).toEqual({ items: [item('5', 'me')] });
    expect(calledUrl().searchParams.get('cursor')).toBe('c1');
    expect(calledUrl().searchParams.get('owner')).toBe('me');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends no owner for everyone’s LEIAs', () => {
    expect(leiaListQuery({ owner: undefined, text: 'x' })).toEqual({ version: 'latest', text: 'x' });
  });
});
