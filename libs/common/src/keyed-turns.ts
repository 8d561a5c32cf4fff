/**
 * Runs tasks one at a time per key (in the order they came), any number of keys at once. A few
 * lines of our own: p-limit and friends limit one pool, and a map of them would be no shorter.
 */
export class KeyedTurns {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // the last task of a key removes it, so keys do not pile up
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task running or waiting. */
  get size(): number {
    return this.tails.size;
  }
}
