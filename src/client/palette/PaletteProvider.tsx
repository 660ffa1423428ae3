import { isPaletteOpen, paletteMachine, paletteMode } from '@machines/palette';
import type { Actor } from '@shared/permissions';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { PaletteActor, PaletteContext, type PaletteInternals, type ShortcutEntry } from './context';
import {
  eventKey,
  isPaletteShortcut,
  isTypingTarget,
  matchSequence,
  parseShortcut,
  SEQUENCE_TIMEOUT_MS,
} from './keys';
import { PaletteLoading } from './PaletteLoading';
import { createRegistry, type Registry } from './registry';
import { ShortcutsHelp } from './ShortcutsHelp';
import type { Command } from './types';

// cmdk is only needed once the palette opens: keep it out of the first (login) page's bundle.
type ViewModule = typeof import('./PaletteView');
let loadedView: ViewModule | undefined;
const loadView = () =>
  import('./PaletteView').then((module) => {
    loadedView = module;
    return module;
  });
// Once preloaded, hand React a thenable that resolves synchronously, so opening never shows the
// loading frame (a settled Promise would still suspend for one tick).
const PaletteView = lazy(() =>
  loadedView
    ? // biome-ignore lint/suspicious/noThenProperty: a synchronous thenable on purpose (see above)
      ({ then: (resolve: (module: ViewModule) => void) => resolve(loadedView!) } as Promise<ViewModule>)
    : loadView(),
);

export interface PaletteProviderProps {
  /** The signed-in user as the permission predicates see it; commands are filtered by it. */
  actor: Actor | null;
  children: ReactNode;
}

/**
 * The command registry, the shortcut registry and the keyboard: Ctrl/Cmd+K toggles the palette
 * from anywhere (captured before any field or editor sees it); other shortcuts fire only outside
 * fields and dialogs. Renders the palette and the '?' help when open.
 */
export function PaletteProvider(props: PaletteProviderProps) {
  const [logic] = useState(() =>
    paletteMachine.provide({
      actions: {
        // After the dialog has closed and given focus back, so the command may move it.
        runCommand: (_, { run }) => {
          setTimeout(run, 0);
        },
      },
    }),
  );
  return (
    <PaletteActor.Provider logic={logic}>
      <PaletteKeyboard {...props} />
    </PaletteActor.Provider>
  );
}

type PaletteRef = ReturnType<typeof PaletteActor.useActorRef>;

/** The element that had the focus as the palette opened: the palette gives it back on closing. */
function useOpener(palette: PaletteRef) {
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  // Remember the opener as the palette opens, before any palette view mounts and takes focus.
  useEffect(() => {
    let open = false;
    const subscription = palette.subscribe((snapshot) => {
      const nowOpen = isPaletteOpen(snapshot);
      if (nowOpen && !open) {
        setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
      }
      open = nowOpen;
    });
    return () => subscription.unsubscribe();
  }, [palette]);

  return opener;
}

/**
 * Ctrl/Cmd+K toggles the palette, captured before any field or editor sees it; the registered
 * shortcuts (single keys and sequences) fire only outside fields and dialogs.
 */
function useShortcutKeys(palette: PaletteRef, shortcuts: Registry<ShortcutEntry>) {
  useEffect(() => {
    let pressed: string[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reset = () => {
      pressed = [];
      clearTimeout(timer);
    };

    const onCapture = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      event.stopPropagation();
      reset();
      palette.send({ type: 'palette.toggle' });
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const key = eventKey(event);
      if (key === null) return; // a modifier on its own, e.g. Shift before '?'
      const blocked =
        event.defaultPrevented ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey ||
        event.isComposing ||
        isTypingTarget(event.target) ||
        document.querySelector('dialog[open]') !== null;
      if (blocked) return reset();
      const entries = shortcuts.getSnapshot();
      const sequences = entries.map((entry) => parseShortcut(entry.keys));
      let next = [...pressed, key];
      let result = matchSequence(next, sequences);
      if (result.kind === 'none' && pressed.length > 0) {
        next = [key]; // a broken sequence: the key may start a new one
        result = matchSequence(next, sequences);
      }
      reset();
      if (result.kind === 'match') {
        event.preventDefault();
        entries[result.index]!.run(event);
      } else if (result.kind === 'prefix') {
        pressed = next;
        timer = setTimeout(reset, SEQUENCE_TIMEOUT_MS);
      }
    };

    window.addEventListener('keydown', onCapture, true);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      reset();
      window.removeEventListener('keydown', onCapture, true);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [palette, shortcuts]);
}

function PaletteKeyboard({ actor, children }: PaletteProviderProps) {
  const [commands] = useState(() => createRegistry<Command>());
  const [shortcuts] = useState(() => createRegistry<ShortcutEntry>());
  const palette = PaletteActor.useActorRef();
  const mode = PaletteActor.useSelector(paletteMode);
  const opener = useOpener(palette);
  useShortcutKeys(palette, shortcuts);

  // Once someone is signed in, fetch the palette chunk so the first Ctrl+K opens at once (the
  // login page does not load it until asked).
  const signedIn = actor !== null;
  useEffect(() => {
    if (signedIn) void loadView().catch(() => undefined);
  }, [signedIn]);

  const value = useMemo<PaletteInternals>(
    () => ({ commands, shortcuts, actor, opener }),
    [commands, shortcuts, actor, opener],
  );

  return (
    <PaletteContext.Provider value={value}>
      {children}
      {mode === 'open' && (
        <Suspense fallback={<PaletteLoading />}>
          <PaletteView />
        </Suspense>
      )}
      {mode === 'help' && <ShortcutsHelp />}
    </PaletteContext.Provider>
  );
}
