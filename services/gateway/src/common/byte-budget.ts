/**
 * Bytes each person may have this gateway copy read per second, with a burst allowance: a token
 * bucket per person. Whatever is read is charged before anything is done with it (parsed, checked,
 * forwarded), refused or not, so that a flood of refused input costs its sender as much as any
 * other. The live channel reads a person's messages no faster than their budget allows; large
 * request bodies (canvas saves) over it are refused with 429 before a byte is read.
 */
export class ByteBudget {
  private readonly budgets = new Map<string, { bytes: number; at: number }>();

  constructor(
    readonly bytesPerSecond: number,
    readonly burst: number,
  ) {}

  /** What `key` has left at `now` (negative: owed), without charging anything. */
  left(key: string, now = Date.now()): number {
    const budget = this.budgets.get(key);
    if (!budget) return this.burst;
    return Math.min(this.burst, budget.bytes + ((now - budget.at) / 1000) * this.bytesPerSecond);
  }

  /**
   * Charges `bytes` to `key` and answers how long (ms) it must wait before it has anything left:
   * 0 while the budget is not used up.
   */
  spend(key: string, bytes: number, now = Date.now()): number {
    const bytesLeft = this.left(key, now) - bytes;
    this.budgets.set(key, { bytes: bytesLeft, at: now });
    return bytesLeft >= 0 ? 0 : Math.ceil((-bytesLeft / this.bytesPerSecond) * 1000);
  }

  /**
   * Charges `bytes` only when the budget holds them: else charges nothing and answers how long (ms)
   * until it would.
   */
  trySpend(key: string, bytes: number, now = Date.now()): number {
    const bytesLeft = this.left(key, now);
    if (bytesLeft >= bytes) {
      this.budgets.set(key, { bytes: bytesLeft - bytes, at: now });
      return 0;
    }
    return Math.max(1, Math.ceil(((bytes - bytesLeft) / this.bytesPerSecond) * 1000));
  }

  /** Forgets budgets that have refilled (as good as new ones). */
  sweep(now = Date.now()) {
    for (const key of this.budgets.keys()) if (this.left(key, now) >= this.burst) this.budgets.delete(key);
  }
}
