import { Kbd, modKeyLabel } from '@client/components/Kbd';
import { Modal } from '@client/components/Modal';
import { useSyncExternalStore } from 'react';
import { PaletteActor, usePaletteInternals } from './context';
import { shortcutCaps } from './keys';
import { useVisibleCommands } from './useVisibleCommands';

const BUILT_IN = [
  { keys: 'mod+k', description: 'Open or close the command palette' },
  { keys: 'Esc', description: 'Close a dialog, or go back in the palette' },
];

/** The keys of the result lists (Search, My LEIAs) once a row has focus. */
const LIST_KEYS = [
  { keys: ['↑', '↓'], description: 'Move to the previous or next row' },
  { keys: ['Home', 'End'], description: 'Move to the first or last row' },
  { keys: ['Enter'], description: 'View the focused LEIA' },
  { keys: ['Delete'], description: 'Delete the focused LEIA (when you may)' },
];

/** The '?' dialog: every bound shortcut, then every command the user can run here. */
export function ShortcutsHelp() {
  const { shortcuts } = usePaletteInternals();
  const palette = PaletteActor.useActorRef();
  const bound = useSyncExternalStore(shortcuts.subscribe, shortcuts.getSnapshot, shortcuts.getSnapshot);
  const groups = useVisibleCommands();
  const mod = modKeyLabel();
  // A shortcut that belongs to a command is listed with the command, not twice.
  const commandKeys = new Set(groups.flatMap((group) => group.commands.map((command) => command.shortcut)));
  const listed = [...BUILT_IN, ...bound.filter((entry) => entry.description && !commandKeys.has(entry.keys))];
  const seen = new Set<string>();
  const rows = listed.filter((entry) => !seen.has(entry.keys) && seen.add(entry.keys));

  return (
    <Modal
      open
      size="lg"
      title="Keyboard shortcuts"
      description="Shortcuts work anywhere outside text fields. Press ? to open this list."
      onClose={() => palette.send({ type: 'palette.close' })}
    >
      <div className="help">
        <section aria-labelledby="help-shortcuts">
          <h3 className="help__heading" id="help-shortcuts">
            Shortcuts
          </h3>
          <ul className="help__list">
            {rows.map((entry) => (
              <li key={entry.keys} className="help__row">
                <span>{entry.description}</span>
                <Kbd keys={shortcutCaps(entry.keys, mod)} />
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="help-lists">
          <h3 className="help__heading" id="help-lists">
            In a list of LEIAs
          </h3>
          <ul className="help__list">
            {LIST_KEYS.map((entry) => (
              <li key={entry.description} className="help__row">
                <span>{entry.description}</span>
                <Kbd keys={entry.keys} />
              </li>
            ))}
          </ul>
        </section>
        {groups.map((group) => (
          <section key={group.heading} aria-label={`${group.heading} commands`}>
            <h3 className="help__heading">{group.heading}</h3>
            <ul className="help__list">
              {group.commands.map((command) => (
                <li key={command.id} className="help__row">
                  <span>{command.title}</span>
                  {command.shortcut && <Kbd keys={shortcutCaps(command.shortcut, mod)} />}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Modal>
  );
}
