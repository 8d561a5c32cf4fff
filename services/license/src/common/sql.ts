import type { EntityManager } from 'typeorm';

/**
 * Rows of a query. TypeORM answers UPDATE/DELETE with `[rows, affected]` and everything else
 * with the rows; this gives the rows either way.
 */
export async function rows<T>(m: Pick<EntityManager, 'query'>, sql: string, params: unknown[] = []): Promise<T[]> {
  const res = (await m.query(sql, params)) as unknown;
  if (Array.isArray(res) && res.length === 2 && Array.isArray(res[0]) && typeof res[1] === 'number') return res[0] as T[];
  return res as T[];
}
