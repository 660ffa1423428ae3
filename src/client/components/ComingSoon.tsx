import type { ReactNode } from 'react';
import { ClockIcon } from './icons';
import { Kbd, modKeyLabel } from './Kbd';
import { Page } from './Page';

export interface ComingSoonProps {
  title: string;
  description?: ReactNode;
}

/** Stands in for a screen that is not built yet: says so plainly instead of a blank page. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <Page title={title} description={description}>
      <section className="card coming-soon" aria-label="Coming soon">
        <span className="coming-soon__icon">
          <ClockIcon size={22} />
        </span>
        <h2 className="coming-soon__title">Coming soon</h2>
        <p className="coming-soon__text">
          This screen is not available yet. Use the menu, or press <Kbd keys={[modKeyLabel(), 'K']} /> to go
          somewhere else.
        </p>
      </section>
    </Page>
  );
}
