import { z } from 'zod';
import { DEFAULT_ROLE, ROLES, type Role } from '../roles';
import { emailSchema, passwordSchema } from './users';

/**
 * The admin's add/edit user form. The email and password rules are
 * the server's own schemas from ./users, so the form and the API can never disagree; this module
 * only adds what exists on the form alone: the confirmation field and "blank means unchanged".
 */

export type UserFormMode = 'create' | 'edit';

export interface UserFormValues {
  email: string;
  role: string;
  password: string;
  confirmPassword: string;
}

export type UserFormField = keyof UserFormValues;
export type UserFormErrors = Partial<Record<UserFormField, string>>;

export const USER_FORM_TEXTS = {
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  roleInvalid: 'Please choose a role',
} as const;

/** What the API receives: the email trimmed, the password only when one was typed. */
export interface UserFormPayload {
  email: string;
  role: Role;
  password?: string;
}

export const blankUserForm = (): UserFormValues => ({
  email: '',
  role: DEFAULT_ROLE,
  password: '',
  confirmPassword: '',
});

/** Edit mode starts from the user's email and role; passwords stay blank (= unchanged). */
export const userFormFrom = (user: { email: string; role: string }): UserFormValues => ({
  email: user.email,
  role: user.role,
  password: '',
  confirmPassword: '',
});

const roleField = z.enum(ROLES, { error: USER_FORM_TEXTS.roleInvalid });
/** Create: the server's rule as is ('Password is required', then the minimum length). */
const newPasswordField = passwordSchema;
/** Edit: blank means unchanged; anything typed must still pass the rule. */
const changedPasswordField = z.literal('').or(passwordSchema);

const confirmError = ({ password, confirmPassword }: UserFormValues): string | undefined => {
  if (password === '') return undefined;
  if (confirmPassword === '') return USER_FORM_TEXTS.confirmRequired;
  return confirmPassword === password ? undefined : USER_FORM_TEXTS.passwordsDiffer;
};

export type UserFormResult = { ok: true; payload: UserFormPayload } | { ok: false; errors: UserFormErrors };

/** Validates the form; on success gives the payload to send, else the first message per field. */
export const validateUserForm = (values: UserFormValues, mode: UserFormMode): UserFormResult => {
  // Each field is checked on its own so that every field shows its first message at once.
  const email = emailSchema.safeParse(values.email);
  const role = roleField.safeParse(values.role);
  const password = (mode === 'create' ? newPasswordField : changedPasswordField).safeParse(values.password);
  const confirm = confirmError(values);
  if (email.success && role.success && password.success && confirm === undefined) {
    const payload: UserFormPayload = { email: email.data, role: role.data };
    if (password.data !== '') payload.password = password.data;
    return { ok: true, payload };
  }
  const errors: UserFormErrors = {};
  if (!email.success) errors.email = email.error.issues[0]?.message;
  if (!role.success) errors.role = role.error.issues[0]?.message;
  if (!password.success) errors.password = password.error.issues[0]?.message;
  if (confirm !== undefined) errors.confirmPassword = confirm;
  return { ok: false, errors };
};
