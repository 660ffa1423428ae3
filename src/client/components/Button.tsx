import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner in place of the icon and disables the button (aria-busy). */
  loading?: boolean;
  /** Leading icon. */
  icon?: ReactNode;
}

/** type defaults to "button": a submit button must say type="submit". */
export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  icon,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx('btn', `btn--${variant}`, `btn--${size}`, loading && 'btn--loading', className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner size={size === 'sm' ? 13 : 15} /> : icon}
      {children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'icon'> {
  /** The accessible name; also shown as the tooltip. */
  label: string;
  icon: ReactNode;
}

export function IconButton({ label, icon, variant = 'ghost', className, ...props }: IconButtonProps) {
  return (
    <Button
      variant={variant}
      className={cx('btn--icon', className)}
      aria-label={label}
      title={label}
      icon={icon}
      {...props}
    />
  );
}
