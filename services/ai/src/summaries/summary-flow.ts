import type { Job, Queue } from 'bullmq';

/**
 * The map-reduce flow both summaries use (documents and long videos): map children summarize
 * parts in parallel, on any ai worker, with their parent's priority; the parent reduces their
 * results in order.
 */

/** The results of a reduce job's map children in their order (`index`); fails when one is missing. */
export async function mapResults<T extends { index: number }>(job: Job, expected: number): Promise<T[]> {
  const values = Object.values(await job.getChildrenValues<T>());
  if (values.length !== expected) throw new Error(`Expected ${expected} part summaries, got ${values.length}`);
  return values.sort((a, b) => a.index - b.index);
}

/** A map child that finished sets its parent's progress (what `/api/jobs/:id` shows). */
export async function reportToParent(queue: Queue, job: Job, progress: number | ((processed: number) => number)): Promise<void> {
  const parentId = job.parent?.id;
  if (!parentId) return;
  const parent = await queue.getJob(parentId);
  if (!parent) return;
  const value = typeof progress === 'number' ? progress : progress(((await parent.getDependenciesCount({ processed: true })).processed ?? 0) + 1);
  await parent.updateProgress(value).catch(() => undefined);
}
