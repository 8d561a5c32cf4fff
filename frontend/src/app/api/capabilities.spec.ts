/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { makeStore } from '../store';
import { capabilitiesApi, servedCapabilities } from './capabilities';

function page(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (json !== null) doc.head.innerHTML = `<script type="application/json" id="site-capabilities">${json}</script>`;
  return doc;
}

describe('capabilities written into the page by the server', () => {
  afterEach(() => document.getElementById('site-capabilities')?.remove());

  it('reads what the server wrote, and nothing from a page without it or with something else in it', () => {
    expect(servedCapabilities(page('{"google_sign_in":false,"transcription":true}'))).toEqual({ google_sign_in: false, transcription: true });
    expect(servedCapabilities(page(null))).toBeNull();
    expect(servedCapabilities(page('{"google_sign_in":false'))).toBeNull();
    expect(servedCapabilities(page('{"google_sign_in":"no","transcription":true}'))).toBeNull();
    expect(servedCapabilities(page('null'))).toBeNull();
  });

  it('are in the store from the start: the first paint knows them without asking the API', () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<script type="application/json" id="site-capabilities">{"google_sign_in":true,"transcription":false}</script>',
    );
    const store = makeStore();
    const entry = capabilitiesApi.endpoints.capabilities.select()(store.getState());
    expect(entry.isSuccess).toBe(true);
    expect(entry.data).toEqual({ google_sign_in: true, transcription: false });
  });

  it('are asked of the API when the page has none', () => {
    const store = makeStore();
    expect(capabilitiesApi.endpoints.capabilities.select()(store.getState()).isUninitialized).toBe(true);
  });
});
