/**
 * Marks a text kept in data (menus, plans, guides) as a translation key: it returns the key
 * unchanged, and the component shows it with `t(key)`. The translations test finds every key
 * marked this way.
 */
export const msg = <K extends string>(key: K): K => key;
