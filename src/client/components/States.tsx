import type { ReactNode } from 'react';
import { Button } from './Button';
import { AlertIcon, InboxIcon, RefreshIcon } from './icons';
import { Spinner } from './Spinner';

/** The three non-content states of a list or screen: loading, empty, failed. */

export function LoadingState({ text = 'Loading...', detail }: { text?: string; detail?: ReactNode }) {
  return (
    <div className="state" role="status">
      <Spinner size={20} />
      <p className={detail ? 'state__title' : 'state__text'}>{text}</p>
      {detail && <p className="state__text">{detail}</p>}
    </div>
  );
}

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, description, action, icon = <InboxIcon size={20} /> }: EmptyStateProps) {
  return (
    <div className="state">
      <span className="state__icon">{icon}</span>
      <p className="state__title">{title}</p>
      {description && <p className="state__text">{description}</p>}
      {action && <div className="state__action">{action}</div>}
    </div>
  );
}

export interface ErrorStateProps {
  title?: ReactNode;
  message: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
}

export function ErrorState({ title, message, onRetry, retryLabel = 'Retry' }: ErrorStateProps) {
  return (
    <div className="state state--error" role="alert">
      <span className="state__icon">
        <AlertIcon size={20} />
      </span>
      {title && <p className="state__title">{title}</p>}
      <p className={title ? 'state__text' : 'state__title'}>{message}</p>
      {onRetry && (
        <div className="state__action">
          <Button onClick={onRetry} icon={<RefreshIcon />}>
            {retryLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
