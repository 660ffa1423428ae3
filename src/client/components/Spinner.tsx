import { cx } from './cx';

export interface SpinnerProps {
  size?: number;
  /** When given, the spinner is announced (role="status"); without it, it is decorative. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 16, label, className }: SpinnerProps) {
  const a11y = label ? { role: 'status', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <span className={cx('spinner', className)} style={{ width: size, height: size }} {...a11y}>
      <svg viewBox="0 0 24 24" width={size} height={size} fill="none" focusable="false" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="2.5" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    </span>
  );
}
