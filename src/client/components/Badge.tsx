import { roleLabel, roleTone } from '@shared/roles';
import type { ReactNode } from 'react';
import { cx } from './cx';

export type BadgeTone = 'purple' | 'green' | 'blue' | 'grey' | 'yellow' | 'red';

export interface BadgeProps {
  tone: BadgeTone;
  children: ReactNode;
  className?: string;
}

export function Badge({ tone, children, className }: BadgeProps) {
  return <span className={cx('badge', `badge--${tone}`, className)}>{children}</span>;
}

/** Tones by role (src/shared/roles.ts): purple admin, green instructor, blue advanced, grey any other. */
export function RoleBadge({ role }: { role: string }) {
  return <Badge tone={roleTone(role)}>{roleLabel(role)}</Badge>;
}
