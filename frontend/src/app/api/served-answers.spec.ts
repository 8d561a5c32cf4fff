/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { blogApi } from '../../features/blog/api';
import { makeStore } from '../store';
import { preloadServedAnswers, servedAnswers } from './served-answers';

function page(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (json !== null) doc.head.innerHTML = `<script type="application/json" id="page-answers">${json}</script>`;
  return doc;
}

const ARTICLE = { slug: 'hello', lang: 'en', title: 'Hello' };

describe('API answers the server sent with the page', () => {
  it('reads the answers of known queries, and nothing from a page without them or with something else in it', () => {
    const answers = [
      { endpointName: 'blogArticle', arg: { slug: 'hello', lang: 'en' }, value: ARTICLE },
      { endpointName: 'deleteProject', arg: 'p1', value: {} },
      { endpointName: 'getPlans' },
    ];
    expect(servedAnswers(page(JSON.stringify(answers)))).toEqual([answers[0]]);
    expect(servedAnswers(page(null))).toEqual([]);
    expect(servedAnswers(page('[{"endpointName":'))).toEqual([]);
    expect(servedAnswers(page('{"endpointName":"getPlans","value":{}}'))).toEqual([]);
  });

  it('are in the store once the page is loaded: the page shows them without asking the API', () => {
    const store = makeStore();
    preloadServedAnswers(store.dispatch as (action: unknown) => unknown, [{ endpointName: 'blogArticle', arg: { slug: 'hello', lang: 'en' }, value: ARTICLE }]);
    const entry = blogApi.endpoints.blogArticle.select({ slug: 'hello', lang: 'en' })(store.getState());
    expect(entry.isSuccess).toBe(true);
    expect(entry.data).toEqual(ARTICLE);
    // another article is still asked for
    expect(blogApi.endpoints.blogArticle.select({ slug: 'other', lang: 'en' })(store.getState()).isUninitialized).toBe(true);
  });
});
