/**
 * The request schemas the account forms check before sending, loaded when a form is first
 * submitted: zod stays out of the JavaScript a page needs before interaction.
 */
export const loadSchemas = () => import('./schemas.lazy');
