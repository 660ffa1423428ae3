import { screen, within } from '@testing-library/react';

/** Queries inside the open dialog of that accessible name. */
export const dialog = (name: string | RegExp) => within(screen.getByRole('dialog', { name }));
