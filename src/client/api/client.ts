import { type FetchContext, type FetchOptions, ofetch } from 'ofetch';
import { navigate } from 'wouter/use-browser-location';
import { tokenStorage } from './token';

/**
 * The one HTTP client (ARCHITECTURE.md "Stack"; spec sections 7 and 8 "Global").
 *
 * - `api`: base '/api/v1', bearer token from local storage on every call, and the global rules:
 *   401 -> token removed, listeners told (the auth machine ends the session), browser to /login;
 *   403 -> browser to /forbidden.
 * - `apiRaw`: the same client without those two rules, for calls that handle 401/403 themselves
 *   (the login form, a delete dialog that shows the 403 message). Module functions accept
 *   `{ handleAuthErrors: false }` and pick it via `clientFor`.
 *
 * No timeout (spec section 7) and no automatic retries, so a request is sent exactly once.
 */

export const API_BASE = '/api/v1';

export interface CallOptions {
  /** false: do not apply the global 401/403 rules; the caller handles them. Default true. */
  handleAuthErrors?: boolean;
  signal?: AbortSignal;
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called after any call through `api` got a 401 (and the token was removed). */
export const onUnauthorized = (listener: Listener): (() => void) => {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
};

const addBearer = ({ options }: FetchContext): void => {
  const token = tokenStorage.get();
  if (!token) return;
  const headers = new Headers(options.headers);
  headers.set('Authorization', `Bearer ${token}`);
  options.headers = headers;
};

const goTo = (path: string): void => {
  if (window.location.pathname !== path) navigate(path);
};

const applyAuthRules = ({ response }: FetchContext): void => {
  if (response?.status === 401) {
    tokenStorage.remove();
    for (const listener of unauthorizedListeners) listener();
    goTo('/login');
  } else if (response?.status === 403) {
    goTo('/forbidden');
  }
};

const shared: FetchOptions = { baseURL: API_BASE, retry: 0, onRequest: addBearer };

export const apiRaw = ofetch.create(shared);
export const api = ofetch.create({ ...shared, onResponseError: applyAuthRules });

export const clientFor = (options?: CallOptions) => (options?.handleAuthErrors === false ? apiRaw : api);
