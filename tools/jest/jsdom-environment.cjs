// jsdom with the platform's fetch: jsdom has no fetch/Request/Response, and ky needs them. Node's own
// implementations are handed in (with Node's AbortController, which Node's Request insists on).
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'ReadableStream', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder', 'structuredClone'];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
