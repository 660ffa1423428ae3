import { type FetchContext, type FetchOptions, ofetch } from 'ofetch';
import { navigate } from 'wouter/use-browser-location';
import { ROUTES } from '../routes';
import { tokenStorage } from './token';

/**
 * The one HTTP client (docs/architecture.md "Layers").
 *
 * - `api`: base '/api/v1', bearer token from local storage on every call, and the global rules:
 *   401 -> token removed, listeners told (the auth machine ends the session), browser to /login;
 *   403 -> browser to /forbidden.
 * - `apiNoForbidden`: the 401 rule only, for calls whose caller shows the 403 itself (a delete
 *   dialog with its permission text) but must still end an expired session.
 * - `apiRaw`: neither rule, for calls that handle 401 as well (the login form, whose 401 is a
 *   wrong password; the start-up token check).
 * Module functions accept CallOptions and pick one of the three via `clientFor`.
 *
 * No timeout (a model's reply may take long) and no automatic retries, so a request is sent exactly once.
 */

export const API_BASE = '/api/v1';

export interface CallOptions {
  /** false: apply neither global rule (401 nor 403); the caller handles both. Default true. */
  handleAuthErrors?: boolean;
  /**
   * false: leave a 403 to the caller (no move to /forbidden) but keep the 401 rule (token removed,
   * /login). Default true. Ignored when handleAuthErrors is false (neither rule applies then).
   */
  handleForbidden?: boolean;
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

const applyUnauthorizedRule = ({ response }: FetchContext): void => {
  if (response?.status !== 401) return;
  tokenStorage.remove();
  for (const listener of unauthorizedListeners) listener();
  goTo(ROUTES.login);
};

const applyAuthRules = (context: FetchContext): void => {
  applyUnauthorizedRule(context);
  if (context.response?.status === 403) goTo(ROUTES.forbidden);
};

const shared: FetchOptions = { baseURL: API_BASE, retry: 0, onRequest: addBearer };

export const apiRaw = ofetch.create(shared);
export const apiNoForbidden = ofetch.create({ ...shared, onResponseError: applyUnauthorizedRule });
export const api = ofetch.create({ ...shared, onResponseError: applyAuthRules });

export const clientFor = (options?: CallOptions) => {
  if (options?.handleAuthErrors === false) return apiRaw;
  return options?.handleForbidden === false ? apiNoForbidden : api;
};
