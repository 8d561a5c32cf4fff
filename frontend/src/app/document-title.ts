import { useEffect } from 'react';
import { PRODUCT_NAME } from './constants';

export const pageTitle = (name?: string) => (name ? `${name} | ${PRODUCT_NAME}` : PRODUCT_NAME);

/** Sets document.title while the calling page is shown. Pass a full title with `raw`. */
export function useDocumentTitle(name?: string, raw = false) {
  const title = raw && name ? name : pageTitle(name);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
