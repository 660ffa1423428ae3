import type { ReactNode } from 'react';
import { cx } from './cx';
import { useDocumentTitle } from './useDocumentTitle';

export interface PageProps {
  title: ReactNode;
  description?: ReactNode;
  /** Right-hand buttons of the page header (e.g. 'Add User'). */
  actions?: ReactNode;
  children?: ReactNode;
  /** The tab's title when `title` is not plain text. */
  documentTitle?: string;
  /** 'narrow' for forms and single panels. */
  width?: 'default' | 'narrow';
  className?: string;
}

/** The screen frame under the app header: the main landmark, the h1 and the content. */
export function Page({
  title,
  description,
  actions,
  children,
  width = 'default',
  className,
  documentTitle,
}: PageProps) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : ''));
  return (
    <main id="main" className={cx('page', width === 'narrow' && 'page--narrow', className)} tabIndex={-1}>
      <header className="page__header">
        <div className="page__heading">
          <h1 className="page__title">{title}</h1>
          {description && <p className="page__description">{description}</p>}
        </div>
        {actions && <div className="page__actions">{actions}</div>}
      </header>
      <div className="page__body">{children}</div>
    </main>
  );
}
