/**
 * The browser environment of component specs: jsdom, plus Node's fetch API (jsdom has none) and
 * modal dialogs (jsdom's <dialog> has no showModal: it only opens).
 * As in a browser, a relative URL resolves against the document's base URL, so a spec points
 * the app's `/api/...` calls at its own HTTP server with `<base href>`.
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class BrowserWithFetch extends TestEnvironment {
  async setup() {
    await super.setup();
    const win = this.global;
    const resolve = (input) => (typeof input === 'string' || input instanceof URL ? new URL(String(input), win.document.baseURI).href : input);
    class Request extends globalThis.Request {
      constructor(input, init) {
        super(resolve(input), init);
      }
    }
    win.Request = Request;
    win.Response = globalThis.Response;
    win.Headers = globalThis.Headers;
    win.fetch = (input, init) => globalThis.fetch(resolve(input), init);
    win.AbortController = globalThis.AbortController;
    win.AbortSignal = globalThis.AbortSignal;
    win.TextEncoder = globalThis.TextEncoder;
    win.TextDecoder = globalThis.TextDecoder;
    win.structuredClone = globalThis.structuredClone;
    const dialog = win.HTMLDialogElement?.prototype;
    if (dialog && !dialog.showModal) {
      dialog.showModal = function () {
        this.setAttribute('open', '');
      };
      dialog.close = function () {
        this.removeAttribute('open');
      };
    }
  }
}

module.exports = BrowserWithFetch;
