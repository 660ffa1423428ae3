import { z } from 'zod';

export const ROLES = ['admin', 'instructor', 'advanced'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const DEFAULT_ROLE: Role = 'instructor';

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  instructor: 'Instructor',
  advanced: 'Advanced',
};

/** Badge tones: purple admin, green instructor, blue advanced, grey any other. */
export type RoleTone = 'purple' | 'green' | 'blue' | 'grey';
export const roleTone = (role: string | undefined): RoleTone =>
  role === 'admin' ? 'purple' : role === 'instructor' ? 'green' : role === 'advanced' ? 'blue' : 'grey';

export const roleLabel = (role: string | undefined): string =>
  role && role in ROLE_LABELS ? ROLE_LABELS[role as Role] : (role ?? '');
