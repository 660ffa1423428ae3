import { PaletteProvider } from '@client/palette';
import type { Actor } from '@shared/permissions';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';

/** Renders `ui` inside the real palette (for tests that drive it by keyboard, not mocks). */
export function renderWithPalette(ui: ReactNode, actor: Actor | null) {
  const user = userEvent.setup();
  const view = render(<PaletteProvider actor={actor}>{ui}</PaletteProvider>);
  /** Ctrl+K; resolves with the palette once its search box is there. */
  const openPalette = async () => {
    await user.keyboard('{Control>}k{/Control}');
    // The first opening shows a loading frame while the cmdk chunk arrives.
    await screen.findByRole('combobox');
    return screen.getByRole('dialog', { name: 'Command palette' });
  };
  return { user, view, openPalette };
}
