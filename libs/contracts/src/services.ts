/** The services behind the gateway. Each owns one PostgreSQL schema and one RPC queue. */
export const SERVICES = ['auth', 'license', 'media', 'ai', 'publish'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** The service that answers an RPC pattern is the pattern's first segment: `auth.register` -> `auth`. */
export function serviceOfPattern(pattern: string): ServiceName {
  const service = pattern.slice(0, pattern.indexOf('.'));
  if (!(SERVICES as readonly string[]).includes(service)) {
    throw new Error(`RPC pattern "${pattern}" does not name a known service`);
  }
  return service as ServiceName;
}
