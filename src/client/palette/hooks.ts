import { type DependencyList, useEffect, useMemo, useRef } from 'react';
import { type ShortcutEntry, usePaletteInternals } from './context';
import type { Command } from './types';

/**
 * Registers commands while the calling component is mounted. `deps` works as for useMemo:
 * list what the commands close over, so they are re-registered when it changes.
 *
 *   usePaletteCommands([{ id: 'users.add', title: 'Add user', group: 'Users',
 *     allowed: canManageUsers, run: () => send({ type: 'users.add' }) }], [send]);
 */
export function usePaletteCommands(commands: Command[], deps: DependencyList): void {
  const { commands: registry } = usePaletteInternals();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps describe `commands`
  const stable = useMemo(() => commands, deps);
  useEffect(() => registry.add(stable), [registry, stable]);
}

export interface ShortcutOptions {
  /** Shown in the '?' help; shortcuts without one still work but are not listed. */
  description?: string;
  /** false: not bound (e.g. while the screen is busy). Default true. */
  enabled?: boolean;
}

/**
 * Binds a key or key sequence ('?', '/', 'g s') while mounted. Never fires while typing in a
 * field, while a dialog is open, or with Ctrl/Cmd/Alt held. The latest handler is always used.
 */
export function useShortcut(
  keys: string,
  handler: (event: KeyboardEvent) => void,
  options: ShortcutOptions = {},
) {
  const { shortcuts } = usePaletteInternals();
  const { description, enabled = true } = options;
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const entry: ShortcutEntry = { keys, description, run: (event) => latest.current(event) };
    return shortcuts.add([entry]);
  }, [shortcuts, keys, description, enabled]);
}

/** Opens and closes the palette and the shortcuts help from code (e.g. a header button). */
export function usePalette() {
  const { palette } = usePaletteInternals();
  return useMemo(
    () => ({
      open: () => palette.send({ type: 'palette.open' }),
      close: () => palette.send({ type: 'palette.close' }),
      toggle: () => palette.send({ type: 'palette.toggle' }),
      openHelp: () => palette.send({ type: 'palette.help' }),
    }),
    [palette],
  );
}
