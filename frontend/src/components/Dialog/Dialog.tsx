import { useTranslation } from '../../i18n/i18n';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../Button/Button';
import styles from './Dialog.module.css';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  className?: string;
  /** Shown at the end of the title row (e.g. a close button). */
  titleExtra?: ReactNode;
}

/**
 * A modal on the native `<dialog>` (showModal): the page behind is inert, so focus stays inside;
 * Escape and a click on the backdrop close it; focus goes back to what had it before.
 */
export function Dialog({ title, onClose, children, testId, className, titleExtra }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  // taken while rendering: by the time effects run, a control inside with autoFocus has the focus
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    // Escape also when the focus fell out of the dialog (a button it held became disabled while
    // working): the key then reaches the page, whose editor takes it before the native cancel.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || dialog.contains(document.activeElement)) return;
      const open = document.querySelectorAll('dialog[open]');
      if (open[open.length - 1] !== dialog) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      close.current();
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [opener]);
  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-modal="true"
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault(); // React unmounts it; the effect's clean-up closes and returns focus
        close.current();
      }}
      onMouseDown={(e) => e.target === e.currentTarget && close.current()}
      onKeyDown={(e) => {
        if (e.key === 'Tab') keepFocusInside(e.currentTarget, e);
        // also here: a page script that handles Escape first (the editor does) stops the native cancel
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation(); // nor may such a script move the focus given back below
          close.current();
        }
      }}
    >
      <div className={styles.body}>
        <div className={styles.titleRow}>
          <h2 id={titleId}>{title}</h2>
          {titleExtra}
        </div>
        {children}
      </div>
    </dialog>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The page behind a modal dialog is inert, but Tab would still leave for the browser's own controls: it cycles here. */
function keepFocusInside(dialog: HTMLElement, e: { shiftKey: boolean; preventDefault(): void }) {
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  if (!items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !dialog.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

interface Question {
  title: string;
  message: string;
  action: string;
  resolve: (ok: boolean) => void;
}

/**
 * Asks before a destructive action: `const [confirm, dialog] = useConfirm()`, render `dialog`,
 * then `if (await confirm({ title, message, action })) …`.
 */
export function useConfirm(): [(q: Omit<Question, 'resolve'>) => Promise<boolean>, ReactNode] {
  const { t } = useTranslation();
  const [question, setQuestion] = useState<Question | null>(null);
  const ask = useCallback((q: Omit<Question, 'resolve'>) => new Promise<boolean>((resolve) => setQuestion({ ...q, resolve })), []);
  const answer = (ok: boolean) => {
    question?.resolve(ok);
    setQuestion(null);
  };
  const dialog = question && (
    <Dialog title={question.title} onClose={() => answer(false)} testId="confirm-dialog">
      <p style={{ margin: 0 }}>{question.message}</p>
      <div className={styles.row}>
        <Button onClick={() => answer(false)} autoFocus>
          {t('Cancel')}
        </Button>
        <Button variant="danger" onClick={() => answer(true)}>
          {question.action}
        </Button>
      </div>
    </Dialog>
  );
  return [ask, dialog];
}
