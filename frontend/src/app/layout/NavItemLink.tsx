import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { AppLink } from '../../components/AppLink/AppLink';
import type { NavLinkItem } from './menus';

interface Props {
  item: NavLinkItem;
  className?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLAnchorElement>) => void;
  /** Marks the link as an entry of a dropdown, for its arrow-key navigation. */
  inMenu?: boolean;
}

/** Renders a menu entry as an internal (prefetching) link or a plain outside link. */
export function NavItemLink({ item, className, onClick, onKeyDown, inMenu }: Props) {
  const { t } = useTranslation();
  const menuAttr = inMenu ? { 'data-menu-link': '' } : {};
  if ('to' in item) {
    return (
      <AppLink to={item.to} className={className} onClick={onClick} onKeyDown={onKeyDown} {...menuAttr}>
        {t(item.label)}
      </AppLink>
    );
  }
  const external = item.href.startsWith('http');
  return (
    <a
      href={item.href}
      className={className}
      onClick={onClick}
      onKeyDown={onKeyDown}
      {...menuAttr}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {t(item.label)}
    </a>
  );
}
