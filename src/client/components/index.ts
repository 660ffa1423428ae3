/** The design system's components. Import from '@client/components'. */
export { Avatar, type AvatarProps } from './Avatar';
export { Badge, type BadgeProps, type BadgeTone, RoleBadge } from './Badge';
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  IconButton,
  type IconButtonProps,
} from './Button';
export { Card, type CardProps } from './Card';
export { cx } from './cx';
export {
  Field,
  type FieldControlProps,
  type FieldProps,
  PasswordInput,
  type PasswordInputProps,
  Select,
  type SelectOption,
  type SelectProps,
  TextArea,
  type TextAreaProps,
  TextInput,
  type TextInputProps,
} from './Field';
export { FormFooter, type FormFooterProps } from './FormFooter';
export * from './icons';
export { Kbd, modKeyLabel } from './Kbd';
export { Modal, type ModalProps } from './Modal';
export { Page, type PageProps } from './Page';
export { Spinner, type SpinnerProps } from './Spinner';
export { EmptyState, type EmptyStateProps, ErrorState, type ErrorStateProps, LoadingState } from './States';
export { type CellProps, Table, type TableProps, TBody, Td, THead, Th, Tr } from './Table';
export { type TabItem, Tabs, type TabsProps } from './Tabs';
export { type DialogBehaviour, useDialog } from './useDialog';
export { APP_TITLE, documentTitle, useDocumentTitle } from './useDocumentTitle';
export { focusOn, useFocusRequest } from './useFocusRequest';
