import { actorOf, useAuth } from '@client/auth';
import { IconButton } from '@client/components/Button';
import { LogoMark, MoonIcon, SearchIcon, SunIcon } from '@client/components/icons';
import { Kbd, modKeyLabel } from '@client/components/Kbd';
import { usePalette } from '@client/palette';
import { ROUTES } from '@client/routes';
import { toggleTheme, useTheme } from '@client/theme';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { navItemsFor } from './navigation';
import { PrimaryNav } from './PrimaryNav';
import { UserMenu } from './UserMenu';

/**
 * The page header: logo (a link home), title, description, the signed-in user's email, the
 * menu button and optional right-hand content; plus the palette and theme buttons, and under
 * them the primary navigation.
 */
export function AppHeader({ right }: { right?: ReactNode }) {
  const { user, logout } = useAuth();
  const palette = usePalette();
  const theme = useTheme();
  return (
    <header className="topbar">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="topbar__inner">
        <Link href={ROUTES.search} className="brand">
          <LogoMark />
          <span className="brand__text">
            <span className="brand__title">LEIA Designer</span>
            <span className="brand__description">Design and try conversational training agents</span>
          </span>
          {/* Said after the visible words, so the link's name starts with what is seen (WCAG 2.5.3). */}
          <span className="visually-hidden">, home</span>
        </Link>
        <div className="topbar__right">
          {right}
          <button
            type="button"
            className="topbar__search"
            onClick={palette.open}
            aria-keyshortcuts="Control+K Meta+K"
          >
            <SearchIcon />
            <span className="topbar__search-text">Search or run a command</span>
            <Kbd keys={[modKeyLabel(), 'K']} />
          </button>
          <IconButton
            label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
            icon={theme === 'dark' ? <SunIcon /> : <MoonIcon />}
            onClick={toggleTheme}
          />
          {user && (
            <>
              <span className="topbar__email" data-testid="user-email">
                {user.email}
              </span>
              <UserMenu
                email={user.email}
                role={user.role}
                items={navItemsFor(actorOf(user))}
                onLogout={logout}
              />
            </>
          )}
        </div>
      </div>
      <PrimaryNav className="topbar__nav" />
    </header>
  );
}

/** A screen with the header and menu above it. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      <AppHeader />
      {children}
    </div>
  );
}
