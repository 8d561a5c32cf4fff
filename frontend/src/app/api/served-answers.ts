import type { ServedAnswer } from '@visualnotes/contracts';
import { api } from './api';

const ENDPOINTS: ReadonlySet<string> = new Set<ServedAnswer['endpointName']>(['getPlans', 'blogArticle']);

/** The API answers the server wrote into the page (`#page-answers`); none when it wrote none (or nothing usable). */
export function servedAnswers(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): ServedAnswer[] {
  const text = doc?.getElementById('page-answers')?.textContent;
  try {
    const value: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(value)
      ? value.filter((a): a is ServedAnswer => !!a && typeof a === 'object' && ENDPOINTS.has((a as ServedAnswer).endpointName) && 'value' in a)
      : [];
  } catch {
    return [];
  }
}

/**
 * The app starts with the answers the server sent with the page (once the page's own code, which
 * defines their queries, is loaded): it shows what the server drew without asking again.
 */
export function preloadServedAnswers(dispatch: (action: unknown) => unknown, answers: ServedAnswer[] = servedAnswers()): void {
  if (!answers.length) return;
  dispatch(
    api.util.upsertQueryEntries(
      answers.map(({ endpointName, arg, value }) => ({ endpointName, arg, value }) as Parameters<typeof api.util.upsertQueryEntries>[0][number]),
    ),
  );
}
