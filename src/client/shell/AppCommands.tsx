import { destinationCommand } from '@client/actions/commands';
import { actorOf, useAuth } from '@client/auth';
import { KeyboardIcon, KeyIcon, LogoutIcon, MoonIcon, SunIcon } from '@client/components/icons';
import {
  type Command,
  focusTarget,
  requestFocus,
  SEARCH_TARGET,
  usePalette,
  usePaletteCommands,
  useShortcut,
} from '@client/palette';
import { ROUTES } from '@client/routes';
import { toggleTheme, useTheme } from '@client/theme';
import { changePassword } from '@machines/passwordChange/actions';
import type { Actor } from '@shared/permissions';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { isNavAllowed, NAV_ITEMS, type NavItem } from './navigation';

/** Focus target of the profile's change-password form. */
export const CHANGE_PASSWORD_TARGET = 'change-password';

const signedIn = (actor: Actor | null) => actor !== null;

/**
 * The commands and shortcuts every screen has: the menu destinations, Change password, Logout,
 * the theme and the shortcuts help. Mounted once, inside the providers.
 */
export function AppCommands() {
  const { logout, user } = useAuth();
  const actor = actorOf(user);
  const [, navigate] = useLocation();
  const palette = usePalette();
  const theme = useTheme();

  const commands = useMemo(
    (): Command[] => [
      ...NAV_ITEMS.map(
        (item): Command => ({
          id: `nav.${item.id}`,
          title: item.label,
          group: 'Navigation',
          icon: item.icon,
          shortcut: item.shortcut,
          keywords: item.keywords,
          allowed: (actor) => isNavAllowed(item, actor),
          run: () => navigate(item.path),
        }),
      ),
      destinationCommand(
        changePassword,
        () => {
          navigate(ROUTES.profile);
          requestFocus(CHANGE_PASSWORD_TARGET);
        },
        <KeyIcon />,
      ),
      {
        id: 'account.logout',
        title: 'Logout',
        group: 'Account',
        icon: <LogoutIcon />,
        keywords: ['sign out', 'log out', 'switch account'],
        allowed: signedIn,
        run: logout,
      },
      {
        id: 'general.theme',
        title: theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme',
        group: 'General',
        icon: theme === 'dark' ? <SunIcon /> : <MoonIcon />,
        keywords: ['toggle theme', 'dark', 'light', 'appearance'],
        run: toggleTheme,
      },
      {
        id: 'general.shortcuts',
        title: 'Keyboard shortcuts',
        group: 'General',
        icon: <KeyboardIcon />,
        shortcut: '?',
        keywords: ['help', 'keys'],
        run: palette.openHelp,
      },
    ],
    [navigate, logout, theme, palette],
  );
  usePaletteCommands(commands);

  useShortcut('?', palette.openHelp, { description: 'Show keyboard shortcuts' });
  useShortcut('/', () => focusTarget(SEARCH_TARGET), { description: 'Focus the search box' });
  return (
    <>
      {NAV_ITEMS.map((item) =>
        item.shortcut ? <NavShortcut key={item.id} item={item} enabled={isNavAllowed(item, actor)} /> : null,
      )}
    </>
  );
}

/** `g s`, `g m`, `g d`, `g a`, `g u`, `g p`: the destinations this user may go to. */
function NavShortcut({ item, enabled }: { item: NavItem; enabled: boolean }) {
  const [, navigate] = useLocation();
  useShortcut(item.shortcut ?? '', () => navigate(item.path), {
    description: `Go to ${item.label}`,
    enabled,
  });
  return null;
}
