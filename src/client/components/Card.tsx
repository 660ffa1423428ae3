import { type ReactNode, useId } from 'react';

export interface CardProps {
  title: ReactNode;
  description?: ReactNode;
  /** The heading's id, when something inside is labelled by it too (e.g. a form); else generated. */
  titleId?: string;
  /** The body: usually a `.card__body` element (a div, or a form that is the body). */
  children: ReactNode;
}

/** A titled card section (a region named by its heading), e.g. the profile's two sections. */
export function Card({ title, description, titleId, children }: CardProps) {
  const generatedId = useId();
  const id = titleId ?? generatedId;
  return (
    <section className="card" aria-labelledby={id}>
      <header className="card__header">
        <div>
          <h2 className="card__title" id={id}>
            {title}
          </h2>
          {description && <p className="card__description">{description}</p>}
        </div>
      </header>
      {children}
    </section>
  );
}
