// jsdom with the platform's fetch: jsdom has no fetch/Request/Response, and ky needs them. Node's own
// implementations are handed in (with Node's AbortController, which Node's Request insists on), and
// the streams and BroadcastChannel that MSW (tools/jest/msw-server.ts) uses besides.
const { TestEnvironment } = require('jest-environment-jsdom');

const fromNode = ['fetch', 'Request', 'Response', 'Headers', 'FormData', 'ReadableStream', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder', 'structuredClone', 'TextEncoderStream', 'TextDecoderStream', 'TransformStream', 'WritableStream', 'BroadcastChannel'];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) this.global[name] = globalThis[name];
    // Node's export conditions, not the browser's: msw/node has no browser build (its 'browser'
    // export is null), and the code under test runs in Node all the same.
    this.customExportConditions = [''];
  }
}

module.exports = JsdomWithFetchEnvironment;
