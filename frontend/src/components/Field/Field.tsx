import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import styles from './Field.module.css';

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: ReactNode;
  /** The control: an `<input>`, `<select>` or `<textarea>`; it gets the id, `aria-invalid` and `aria-describedby`. */
  children: ReactElement<ControlProps>;
  /** What is wrong with the value: shown under the field, announced, and named by the control. */
  error?: ReactNode;
  /** Help under the control (not part of its name); `warn` shows it in the error colour (a problem found while typing). */
  hint?: ReactNode;
  warn?: boolean;
  className?: string;
}

/**
 * A labelled form control with its hint and error. The label wraps the control (and names it by
 * `for` as well); the control is marked invalid while there is an error and described by the
 * hint and the error.
 */
export function Field({ label, children, error, hint, warn, className }: FieldProps) {
  const ownId = useId();
  const id = children.props.id ?? ownId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const hasHint = hint !== undefined && hint !== null && hint !== false && hint !== '';
  const describedBy = [children.props['aria-describedby'], hasHint && hintId, hasError && errorId].filter(Boolean).join(' ');
  const control = cloneElement(children, {
    id,
    'aria-invalid': hasError ? true : children.props['aria-invalid'],
    'aria-describedby': describedBy || undefined,
  });
  return (
    <>
      <label className={className} htmlFor={id}>
        {label}
        {control}
      </label>
      {hasHint && (
        <span id={hintId} className={`${styles.hint} ${warn ? styles.warn : ''}`}>
          {hint}
        </span>
      )}
      {hasError && (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </>
  );
}
