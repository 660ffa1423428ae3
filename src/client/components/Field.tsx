import {
  type ComponentPropsWithRef,
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useId,
  useState,
} from 'react';
import { cx } from './cx';
import { ChevronDownIcon, EyeIcon, EyeOffIcon } from './icons';

/** What Field hands its control so the label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  /** The control's id; generated when absent. */
  id?: string;
  className?: string;
  /**
   * The control: either a render function receiving FieldControlProps, or a single element that
   * gets them merged in (`<Field label="Name"><input /></Field>`).
   */
  children: ((control: FieldControlProps) => ReactNode) | ReactElement<Partial<FieldControlProps>>;
}

export function Field({ label, error, hint, id, className, children }: FieldProps) {
  const generated = useId();
  const childId = isValidElement(children) ? children.props.id : undefined;
  const controlId = id ?? childId ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const control: FieldControlProps = {
    id: controlId,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
    'aria-invalid': error ? true : undefined,
  };
  return (
    <div className={cx('field', Boolean(error) && 'field--invalid', className)}>
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      {typeof children === 'function' ? children(control) : cloneElement(children, control)}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

interface LabelledProps {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  /** Class of the wrapping field (the input itself is styled by the design system). */
  className?: string;
}

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'size'>, LabelledProps {}

/** An input with its Field built in. Forms use noValidate: the flows' own messages are shown. */
export function TextInput({ label, error, hint, id, className, ...props }: TextInputProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input className="input" {...props} {...control} />}
    </Field>
  );
}

export interface TextAreaProps extends ComponentPropsWithRef<'textarea'>, LabelledProps {}

/** A multi-line input with its Field built in; it grows with its text, up to 400 px, then scrolls. */
export function TextArea({ label, error, hint, id, className, ...props }: TextAreaProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <textarea className="input textarea" rows={3} {...props} {...control} />}
    </Field>
  );
}

export interface PasswordInputProps extends Omit<TextInputProps, 'type'> {
  /** Controlled visibility (e.g. a form's Reset hides it again); uncontrolled when absent. */
  visible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
}

export function PasswordInput({
  label,
  error,
  hint,
  id,
  className,
  visible: visibleProp,
  onVisibleChange,
  ...props
}: PasswordInputProps) {
  const [visibleState, setVisibleState] = useState(false);
  const visible = visibleProp ?? visibleState;
  const toggle = () => {
    setVisibleState(!visible);
    onVisibleChange?.(!visible);
  };
  const toggleLabel = visible ? 'Hide password' : 'Show password';
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <div className="input-group">
          <input className="input" {...props} {...control} type={visible ? 'text' : 'password'} />
          <button
            type="button"
            className="input-group__toggle"
            aria-pressed={visible}
            aria-label={toggleLabel}
            aria-controls={control.id}
            title={toggleLabel}
            onClick={toggle}
            disabled={props.disabled}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children'>, LabelledProps {
  options: SelectOption[];
  /** Optional first, empty choice. */
  placeholder?: string;
}

export function Select({ label, error, hint, id, className, options, placeholder, ...props }: SelectProps) {
  return (
    <Field label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <div className="select">
          <select className="input select__control" {...props} {...control}>
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="select__chevron" />
        </div>
      )}
    </Field>
  );
}
