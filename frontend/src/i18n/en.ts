/**
 * English texts. Keys are the English texts themselves, so this bundle stays empty: the key itself
 * is shown. Only texts whose key differs from what is shown would go here.
 */
const en: Record<string, string> = {};
export default en;
