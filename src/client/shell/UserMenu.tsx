import { focusOn } from '@client/components';
import { Avatar } from '@client/components/Avatar';
import { RoleBadge } from '@client/components/Badge';
import { ChevronDownIcon, LogoutIcon } from '@client/components/icons';
import {
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
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

type Open = false | 'first' | 'last';

/** The open menu takes the focus (its first or last item), and a pointer down outside closes it. */
function useFocusAndDismiss(
  open: Open,
  setOpen: (open: Open) => void,
  menuRef: RefObject<HTMLDivElement | null>,
  buttonRef: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const list = itemsIn(menuRef.current);
    focusOn(open === 'first' ? list[0] : list.at(-1));
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, setOpen, menuRef, buttonRef]);
}

/** The menu's keys: arrows, Home and End move; Escape closes to the button; Tab closes. */
const menuKeyHandler =
  (
    menuRef: RefObject<HTMLDivElement | null>,
    close: (refocus: boolean) => void,
    setOpen: (open: Open) => void,
  ) =>
  (event: KeyboardEvent<HTMLDivElement>) => {
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
      focusOn(list[moves[event.key]!]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

/** Who is signed in, and as what. */
function MenuAccount({ email, role }: { email: string; role: string }) {
  return (
    <div className="menu__account" role="none">
      <Avatar text={email} />
      <div className="menu__account-text">
        <span className="menu__email">{email}</span>
        <RoleBadge role={role} />
      </div>
    </div>
  );
}

/** The navigation items, the current page marked. */
function MenuLinks({
  items,
  location,
  go,
}: {
  items: NavItem[];
  location: string;
  go: (event: MouseEvent<HTMLAnchorElement>, path: string) => void;
}) {
  return items.map((item) => (
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
  ));
}

/**
 * The header's menu button (WAI-ARIA menu button): Enter/Space/ArrowDown open it on the first
 * item, ArrowUp on the last; arrows, Home and End move; Escape closes and returns to the button;
 * Tab or a click elsewhere closes it.
 */
export function UserMenu({ email, role, items, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState<Open>(false);
  const [location, navigate] = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useFocusAndDismiss(open, setOpen, menuRef, buttonRef);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) focusOn(buttonRef.current);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = menuKeyHandler(menuRef, close, setOpen);

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
          <MenuAccount email={email} role={role} />
          <div className="menu__separator" role="none" />
          <MenuLinks items={items} location={location} go={go} />
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
