import { ClipboardIcon, SearchIcon, SparklesIcon, UserIcon, UsersIcon } from '@client/components/icons';
import { ROUTES } from '@client/routes';
import { type Actor, canManageActivities, canManageUsers } from '@shared/permissions';
import type { ReactNode } from 'react';

/** The header menu's destinations; the palette offers the same. */
export interface NavItem {
  id: string;
  label: string;
  path: string;
  icon: ReactNode;
  /** Key sequence bound to it (see palette/keys.ts). */
  shortcut?: string;
  keywords?: string[];
  allowed?: (actor: Actor | null) => boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  {
    id: 'profile',
    label: 'Profile',
    path: ROUTES.profile,
    icon: <UserIcon />,
    shortcut: 'g p',
    keywords: ['account'],
  },
  {
    id: 'search',
    label: 'Search LEIAs',
    path: ROUTES.search,
    icon: <SearchIcon />,
    shortcut: 'g s',
    keywords: ['find', 'home'],
  },
  {
    id: 'design',
    label: 'Design a new LEIA',
    path: ROUTES.design,
    icon: <SparklesIcon />,
    shortcut: 'g d',
    keywords: ['create', 'wizard', 'new'],
  },
  {
    id: 'activities',
    label: 'My Activities',
    path: ROUTES.activities,
    icon: <ClipboardIcon />,
    keywords: ['experiments'],
    allowed: canManageActivities,
  },
  {
    id: 'users',
    label: 'Manage users',
    path: ROUTES.users,
    icon: <UsersIcon />,
    keywords: ['accounts', 'roles', 'administration'],
    allowed: canManageUsers,
  },
];

export const navItemsFor = (actor: Actor | null): NavItem[] =>
  NAV_ITEMS.filter((item) => !item.allowed || item.allowed(actor));
