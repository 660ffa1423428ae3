export { AppCommands, CHANGE_PASSWORD_TARGET } from './AppCommands';
export { AppHeader, AppShell } from './AppHeader';
export { NAV_ITEMS, type NavItem, navItemsFor } from './navigation';
