import { deleteLeia, getLeia, leiaListQuery, listLeias, listOwnLeias } from '@client/api/leias';
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
    const page = await listLeias({ text: 'bank', version: '' });
    expect(calledUrl().pathname).toBe('/api/v1/leias');
    expect(Object.fromEntries(calledUrl().searchParams)).toEqual({ version: '', text: 'bank' });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer abc');
    expect(page).toEqual({ items: [item('a', 'u')], nextCursor: '123_abc' });

    fetchMock.mockResolvedValueOnce(reply(200, []));
    expect(await listLeias()).toEqual({ items: [] });
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

  it("scans pages for the owner's LEIAs until it has enough, then hands on the cursor", async () => {
    fetchMock
      .mockResolvedValueOnce(reply(200, [item('1', 'me'), item('2', 'other')], { 'x-next-cursor': 'c1' }))
      .mockResolvedValueOnce(reply(200, [item('3', 'other'), item('4', 'me')], { 'x-next-cursor': 'c2' }))
      .mockResolvedValueOnce(reply(200, [item('5', 'me')], { 'x-next-cursor': 'c3' }));
    const page = await listOwnLeias('me', { version: 'latest', visibility: 'private', limit: 3 });
    expect(page.items.map((leia) => leia.id)).toEqual(['1', '4', '5']);
    expect(page.nextCursor).toBe('c3');
    expect(calledUrl(0).searchParams.get('limit')).toBe('200');
    expect(calledUrl(0).searchParams.get('visibility')).toBe('private');
    expect(calledUrl(1).searchParams.get('cursor')).toBe('c1');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('stops at the last page', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, [item('1', 'other')]));
    expect(await listOwnLeias('me')).toEqual({ items: [] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
