import { Avatar } from '@client/components/Avatar';
import { RoleBadge } from '@client/components/Badge';
import { ChevronDownIcon, LogoutIcon } from '@client/components/icons';
import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { NavItem } from './navigation';

const itemsIn = (menu: HTMLElement | null): HTMLElement[] =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

export interface UserMenuProps {
  email: string;
  role: string;
  items: NavItem[];
  onLogout: () => void;
}

/**
 * The header's menu button (WAI-ARIA menu button): Enter/Space/ArrowDown open it on the first
 * item, ArrowUp on the last; arrows, Home and End move; Escape closes and returns to the button;
 * Tab or a click elsewhere closes it.
 */
export function UserMenu({ email, role, items, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const [location, navigate] = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const list = itemsIn(menuRef.current);
    (open === 'first' ? list[0] : list.at(-1))?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = itemsIn(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (index + 1) % list.length,
      ArrowUp: (index - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      list[moves[event.key]!]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const go = (event: MouseEvent<HTMLAnchorElement>, path: string) => {
    // Keep new-tab clicks native; otherwise navigate inside the app.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    close(true);
    navigate(path);
  };

  return (
    <div className="user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-label="Menu"
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(open ? false : 'first')}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar text={email} size="sm" />
        <ChevronDownIcon className="user-menu__chevron" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          className="menu"
          role="menu"
          aria-label="Menu"
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
        >
          <div className="menu__account" role="none">
            <Avatar text={email} />
            <div className="menu__account-text">
              <span className="menu__email">{email}</span>
              <RoleBadge role={role} />
            </div>
          </div>
          <div className="menu__separator" role="none" />
          {items.map((item) => (
            <a
              key={item.id}
              href={item.path}
              role="menuitem"
              tabIndex={-1}
              className="menu__item"
              aria-current={location === item.path ? 'page' : undefined}
              onClick={(event) => go(event, item.path)}
            >
              {item.icon}
              {item.label}
            </a>
          ))}
          <div className="menu__separator" role="none" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="menu__item"
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            <LogoutIcon />
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
