// jsdom has no Request or Response; the typed API client (openapi-fetch) builds one of each per call, so the web tests
// run in jsdom with Node's own (the browsers the app supports all have them).
import JsdomEnvironment from 'jest-environment-jsdom';

export default class JsdomWithFetchEnvironment extends JsdomEnvironment {
  async setup() {
    await super.setup();
    for (const name of ['Request', 'Response', 'ReadableStream', 'TextEncoder', 'TextDecoder']) {
      this.global[name] ??= globalThis[name];
    }
  }
}
