/** How many times a 10 ms timer fires on this thread while `work` runs (0: the event loop was blocked). */
export async function ticksDuring<T>(work: Promise<T>): Promise<{ ticks: number; result: T | Error }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  try {
    const result = await work.catch((e: Error) => e);
    return { ticks, result };
  } finally {
    clearInterval(timer);
  }
}

/** The error a promise rejects with, or null when it resolves. */
export const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code?: string; message: string }) => e,
  );
