import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { nextMenuIndex } from './menu-keys';
import type { NavGroup } from './menus';
import { NavItemLink } from './NavItemLink';
import styles from './Header.module.css';

interface Props {
  label: string;
  groups: NavGroup[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Disclosure menu of the header: the button toggles a panel of links (aria-expanded).
 * Keyboard: Enter/Space toggle, ArrowDown/ArrowUp open and move through the links (Home/End
 * too), Escape closes and returns focus to the button, leaving the menu with Tab closes it.
 */
export function Dropdown({ label, groups, open, onOpenChange }: Props) {
  const { t } = useTranslation();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<'first' | 'last' | null>(null);

  const links = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>('[data-menu-link]') ?? []);

  const focusLink = (which: 'first' | 'last') => {
    const all = links();
    all[which === 'first' ? 0 : all.length - 1]?.focus();
  };

  useEffect(() => {
    if (open && pendingFocus.current) {
      focusLink(pendingFocus.current);
      pendingFocus.current = null;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focusLink reads refs only
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open, onOpenChange]);

  const openWithFocus = (which: 'first' | 'last') => {
    if (open) focusLink(which);
    else {
      pendingFocus.current = which;
      onOpenChange(true);
    }
  };

  const onButtonClick = (event: MouseEvent<HTMLButtonElement>) => {
    // detail 0: activated by keyboard or assistive tech, so move focus into the menu.
    if (!open && event.detail === 0) pendingFocus.current = 'first';
    onOpenChange(!open);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWithFocus(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      onOpenChange(false);
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onOpenChange(false);
      button.current?.focus();
      return;
    }
    const all = links();
    const next = nextMenuIndex(event.key, all.indexOf(document.activeElement as HTMLAnchorElement), all.length);
    if (next !== null) {
      event.preventDefault();
      all[next]?.focus();
    }
  };

  return (
    <div
      ref={root}
      className={styles.dropdown}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget)) onOpenChange(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.navButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        {t(label)}
        <span className={styles.caret} aria-hidden="true" />
      </button>
      <div id={panelId} className={styles.panel} hidden={!open} onKeyDown={onPanelKeyDown}>
        {groups.map((group, index) => (
          <div key={group.label ?? index} className={styles.group} role="group" aria-label={t(group.label ?? label)}>
            {group.label ? (
              <p className={styles.groupLabel} aria-hidden="true">
                {t(group.label)}
              </p>
            ) : null}
            <ul className={styles.groupList}>
              {group.links.map((item) => (
                <li key={item.label}>
                  <NavItemLink item={item} className={styles.menuLink} inMenu onClick={() => onOpenChange(false)} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}
