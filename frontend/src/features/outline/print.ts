/**
 * Opens the browser's print dialog for `part` of the page alone (Save as PDF there): the print
 * style sheet (global.css) hides everything else while `data-printing` is set, until the browser
 * says printing is over. The browser's own PDF keeps the text selectable and the links working,
 * in every script the page shows.
 */
export function printPart(part: HTMLElement | null) {
  if (!part) return;
  for (const other of document.querySelectorAll<HTMLElement>('[data-printing]')) delete other.dataset.printing;
  part.dataset.printing = '';
  window.addEventListener('afterprint', () => delete part.dataset.printing, { once: true });
  window.print();
}
