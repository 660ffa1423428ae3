/** The command palette and keyboard shortcuts. See hooks.ts for how screens register. */
export type { ShortcutEntry } from './context';
export {
  activityTarget,
  CHAT_ORIGIN_TARGET,
  focusTarget,
  LEIA_LIST_TARGET,
  requestFocus,
  SEARCH_TARGET,
  useFocusTarget,
  useSearchBox,
} from './focusTargets';
export { type ShortcutOptions, usePalette, usePaletteCommands, useShortcut } from './hooks';
export { PaletteProvider, type PaletteProviderProps } from './PaletteProvider';
export * from './types';
