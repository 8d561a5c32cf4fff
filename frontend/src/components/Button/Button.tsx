import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'secondary' | 'primary' | 'outline' | 'danger' | 'danger-text' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'xl';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /**
   * `secondary` (default): outlined on the surface; `primary`: filled with the brand colour;
   * `outline`: brand-coloured outline; `danger`: filled red; `danger-text`: outlined with red text;
   * `link`: looks like a link.
   */
  variant?: ButtonVariant;
  /** Padding: `sm` toolbars, `md` dialogs (default), `lg` account sections, `xl` sign-in forms. */
  size?: ButtonSize;
  /** Marks the button as working (`aria-busy`) and disables it, so a double click sends one request. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

const VARIANT: Record<ButtonVariant, string> = {
  secondary: styles.secondary,
  primary: styles.primary,
  outline: styles.outline,
  danger: styles.danger,
  'danger-text': styles.dangerText,
  link: styles.link,
};

/** The classes of a button's look, for a link that looks like a button (`<Link className={buttonClass('primary')}>`). */
export function buttonClass(variant: ButtonVariant = 'secondary', size: ButtonSize = 'md', className?: string): string {
  return [styles.button, VARIANT[variant], variant === 'link' ? '' : styles[size], className].filter(Boolean).join(' ');
}

/** The product's button: `type="button"` unless told otherwise, so it never submits a form by accident. */
export function Button({ variant = 'secondary', size = 'md', busy, type = 'button', className, disabled, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy === undefined ? undefined : busy}
      {...rest}
    />
  );
}
