import { useMemo, useSyncExternalStore } from 'react';
import { usePaletteInternals } from './context';
import type { Command } from './types';

/** Groups every screen shares; screen-specific groups are listed before them. */
const GLOBAL_GROUPS = ['Navigation', 'Account', 'General'];

export interface CommandGroup {
  heading: string;
  commands: Command[];
}

/**
 * The mounted commands the signed-in user may run, grouped; one per id: the latest registration
 * wins, a `fallback` command only where no other has its id.
 */
export function useVisibleCommands(): CommandGroup[] {
  const { commands: registry, actor } = usePaletteInternals();
  const all = useSyncExternalStore(registry.subscribe, registry.getSnapshot, registry.getSnapshot);
  return useMemo(() => {
    const byId = new Map<string, Command>();
    for (const command of all) {
      const existing = byId.get(command.id);
      if (command.fallback && existing && !existing.fallback) continue;
      byId.delete(command.id);
      byId.set(command.id, command);
    }
    const groups = new Map<string, Command[]>();
    for (const command of byId.values()) {
      if (command.allowed && !command.allowed(actor)) continue;
      groups.set(command.group, [...(groups.get(command.group) ?? []), command]);
    }
    const rank = (heading: string) => GLOBAL_GROUPS.indexOf(heading);
    return Array.from(groups, ([heading, commands]) => ({ heading, commands })).sort(
      (a, b) => rank(a.heading) - rank(b.heading),
    );
  }, [all, actor]);
}
