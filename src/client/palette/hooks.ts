import { useEffect, useMemo, useRef, useState } from 'react';
import { PaletteActor, type ShortcutEntry, usePaletteInternals } from './context';
import type { Command } from './types';

/**
 * Registers commands while the calling component is mounted, in the component's place among the
 * others. The list is registered again whenever it is a new array, so build it with useMemo (whose
 * dependencies the linter checks): it then changes exactly when what the commands show or do does.
 *
 *   const commands = useMemo(() => [{ id: 'users.add', title: 'Add user', group: 'Users',
 *     allowed: canManageUsers, run: () => form.send({ type: 'form.open' }) }], [form]);
 *   usePaletteCommands(commands);
 */
export function usePaletteCommands(commands: readonly Command[]): void {
  const { commands: registry } = usePaletteInternals();
  const [slot] = useState(() => Symbol('commands'));
  useEffect(() => registry.put(slot, commands), [registry, slot, commands]);
  useEffect(() => () => registry.remove(slot), [registry, slot]);
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
  const palette = PaletteActor.useActorRef();
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
