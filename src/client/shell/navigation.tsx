import {
  ClipboardIcon,
  FolderIcon,
  SearchIcon,
  SparklesIcon,
  UserIcon,
  UsersIcon,
} from '@client/components/icons';
import { ROUTES } from '@client/routes';
import { type Actor, canManageActivities, canManageUsers } from '@shared/permissions';
import type { ReactNode } from 'react';

/**
 * The app's destinations: the header's primary navigation (those with `navLabel`), the avatar
 * menu (those not `menu: false`, in the spec's order), a palette command each and a `g` key
 * sequence each.
 */
export interface NavItem {
  id: string;
  /** The menu item's and the palette command's title. */
  label: string;
  /** Its link in the primary navigation (short, so that the row fits a phone); absent: not there. */
  navLabel?: string;
  /** false: not in the avatar menu, whose items the spec lists. */
  menu?: boolean;
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
    navLabel: 'Search',
    shortcut: 'g s',
    keywords: ['find', 'home'],
  },
  {
    id: 'myLeias',
    label: 'My LEIAs',
    path: ROUTES.myLeias,
    icon: <FolderIcon />,
    navLabel: 'My LEIAs',
    menu: false,
    shortcut: 'g m',
    keywords: ['mine', 'own', 'my designs'],
  },
  {
    id: 'design',
    label: 'Design a new LEIA',
    path: ROUTES.design,
    icon: <SparklesIcon />,
    navLabel: 'Design',
    shortcut: 'g d',
    keywords: ['create', 'wizard', 'new'],
  },
  {
    id: 'activities',
    label: 'My Activities',
    path: ROUTES.activities,
    icon: <ClipboardIcon />,
    navLabel: 'Activities',
    shortcut: 'g a',
    keywords: ['experiments'],
    allowed: canManageActivities,
  },
  {
    id: 'users',
    label: 'Manage users',
    path: ROUTES.users,
    icon: <UsersIcon />,
    navLabel: 'Users',
    shortcut: 'g u',
    keywords: ['accounts', 'roles', 'administration'],
    allowed: canManageUsers,
  },
];

export const isNavAllowed = (item: NavItem, actor: Actor | null): boolean =>
  actor !== null && (!item.allowed || item.allowed(actor));

/** The avatar menu's items for this user. */
export const navItemsFor = (actor: Actor | null): NavItem[] =>
  NAV_ITEMS.filter((item) => item.menu !== false && isNavAllowed(item, actor));

/** The primary navigation's links for this user. */
export const primaryNavFor = (actor: Actor | null): NavItem[] =>
  NAV_ITEMS.filter((item) => item.navLabel !== undefined && isNavAllowed(item, actor));
