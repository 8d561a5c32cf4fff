// The processes that make up the product, in start order.
export const SERVICES = ['auth', 'license', 'media', 'ai', 'publish'];
export const ALL = [...SERVICES, 'gateway'];
