/** Visitors are counted once for all time; accounts per calendar month (UTC). */
export function usagePeriod(visitor: boolean, now = new Date()): string {
  return visitor ? 'total' : now.toISOString().slice(0, 7);
}
