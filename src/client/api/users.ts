import type { Role } from '@shared/roles';
import type { User, UserListItem } from '@shared/schemas/users';
import { type CallOptions, clientFor } from './client';

/** The users calls (and GET /users/me). Each accepts CallOptions last. */

export type { User, UserListItem };

export interface UserPayload {
  email: string;
  role: Role;
  /** On update, blank or absent means unchanged (and is not sent). */
  password?: string;
}

const opts = (options?: CallOptions) => ({ signal: options?.signal });

/** POST /users/login. Never applies the global 401 rule: a wrong password is the form's business. */
export const login = (body: { email: string; password: string }, options?: CallOptions) =>
  clientFor({ ...options, handleAuthErrors: false })<{ token?: string }>('/users/login', {
    method: 'POST',
    body,
    ...opts(options),
  });

export const me = (options?: CallOptions) => clientFor(options)<User>('/users/me', opts(options));

export const updateProfile = (body: { email: string }, options?: CallOptions) =>
  clientFor(options)<User>('/users/profile/update', { method: 'PUT', body, ...opts(options) });

export const changePassword = (
  body: { currentPassword: string; newPassword: string },
  options?: CallOptions,
) =>
  clientFor(options)<{ message: string }>('/users/profile/change-password', {
    method: 'PUT',
    body,
    ...opts(options),
  });

export const listUsers = (options?: CallOptions) =>
  clientFor(options)<UserListItem[]>('/users', opts(options));

export const createUser = (body: UserPayload & { password: string }, options?: CallOptions) =>
  clientFor(options)<User>('/users', { method: 'POST', body, ...opts(options) });

export const updateUser = (id: string, { password, ...rest }: UserPayload, options?: CallOptions) =>
  clientFor(options)<User>(`/users/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: password ? { ...rest, password } : rest,
    ...opts(options),
  });

/**
 * DELETE /users/{id}. Keeps both global rules: the server answers 403 here only when the caller is
 * no longer an admin, and the users dialog has no 403 text, so the Access Denied
 * screen is the answer; the refusals the dialog shows (own account, last admin) are 400s.
 */
export const deleteUser = (id: string, options?: CallOptions) =>
  clientFor(options)<void>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE', ...opts(options) });
