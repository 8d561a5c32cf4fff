/** Injection token of the validated configuration object. */
export const BASE_CONFIG = Symbol('BASE_CONFIG');
