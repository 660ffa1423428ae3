import { z } from 'zod';
import { acceptableText } from '../input-rules';
import { DEFAULT_ROLE, roleSchema } from '../roles';

export const MIN_PASSWORD_LENGTH = 6;
const MAX_EMAIL_LENGTH = 254;
const MAX_EMAIL_LOCAL_LENGTH = 64;
/** Long enough for passphrases, short enough that scrypt is never fed megabytes. */
const MAX_PASSWORD_LENGTH = 1024;

export const USER_TEXTS = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  /** Changing one's own email to the same address (the profile form, and the server's 400). */
  emailUnchanged: 'Please enter a different email',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  // What /api/v1/users answers besides the fields' rules.
  invalidLogin: 'Invalid email or password',
  duplicateEmail: 'A user with this email already exists',
  notFound: 'User not found',
  deleteSelf: 'You cannot delete your own account',
  lastAdminDelete: 'Cannot delete the last administrator',
  lastAdminDemote: 'Cannot change the role of the last administrator',
  wrongCurrentPassword: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
} as const;

/** Standard address limits: 254 characters overall, 64 for the local part. */
export const isValidEmail = (value: string): boolean => {
  if (value.length > MAX_EMAIL_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > MAX_EMAIL_LOCAL_LENGTH) return false;
  return z.email().safeParse(value).success;
};

export const emailSchema = z
  .string({ error: USER_TEXTS.emailRequired })
  .trim()
  .min(1, USER_TEXTS.emailRequired)
  .refine(isValidEmail, USER_TEXTS.emailInvalid);

export const passwordSchema = z
  .string({ error: USER_TEXTS.passwordRequired })
  .min(1, USER_TEXTS.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, USER_TEXTS.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, USER_TEXTS.passwordTooLong)
  .superRefine(acceptableText('Password'));

/** The first message of the password rule for `value` (required, then the length limits), or null. */
export const passwordError = (value: string): string | null => {
  const result = passwordSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? USER_TEXTS.passwordRequired);
};

export const loginBodySchema = z.object({
  email: z.string({ error: USER_TEXTS.emailRequired }).trim().min(1, USER_TEXTS.emailRequired),
  password: z.string({ error: USER_TEXTS.passwordRequired }).min(1, USER_TEXTS.passwordRequired),
});

export const createUserBodySchema = z.object({
  email: emailSchema,
  role: roleSchema.default(DEFAULT_ROLE),
  password: passwordSchema,
});

/** On edit a blank (or absent) password means unchanged. */
export const updateUserBodySchema = z.object({
  email: emailSchema,
  role: roleSchema,
  password: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(passwordSchema.optional()),
});

export const updateProfileBodySchema = z.object({ email: emailSchema });

export const changePasswordBodySchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: passwordSchema,
});

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: roleSchema,
  createdAt: z.string(),
});

/** A row of the admin's user list: how many items would pass to the admin who deletes the user. */
export const userListItemSchema = userSchema.extend({ ownedItems: z.number().int() });

/** POST /users/login */
export const tokenResponseSchema = z.object({ token: z.string() });
/** PUT /users/profile/change-password */
export const messageResponseSchema = z.object({ message: z.string() });

export type User = z.infer<typeof userSchema>;
export type UserListItem = z.infer<typeof userListItemSchema>;
export type LoginBody = z.infer<typeof loginBodySchema>;
export type CreateUserBody = z.infer<typeof createUserBodySchema>;
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
