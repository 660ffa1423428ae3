import { paletteMachine } from '@machines/palette';
import type { Actor } from '@shared/permissions';
import { createActorContext } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { Registry } from './registry';
import type { Command } from './types';

/** The palette's actor (machines/palette.ts); PaletteProvider wires it. */
export const PaletteActor = createActorContext(paletteMachine);

export interface ShortcutEntry {
  /** 'g s', '?', '/' … (see keys.ts). */
  keys: string;
  description?: string;
  run: (event: KeyboardEvent) => void;
}

export interface PaletteInternals {
  commands: Registry<Command>;
  shortcuts: Registry<ShortcutEntry>;
  actor: Actor | null;
  /** What had focus when the palette opened: it gets it back, whichever palette view closes. */
  opener: HTMLElement | null;
}

export const PaletteContext = createContext<PaletteInternals | null>(null);

export const usePaletteInternals = (): PaletteInternals => {
  const value = useContext(PaletteContext);
  if (!value) throw new Error('Palette hooks must be used within a PaletteProvider');
  return value;
};
