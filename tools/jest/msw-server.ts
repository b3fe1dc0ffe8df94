// The network of component tests: one MSW server (msw/node) for the whole web project, listening from
// tools/jest/setup-dom.ts. The code under test keeps its real API client (ky over fetch); MSW answers
// at the fetch boundary, so nothing of ours is replaced.
//
// New tests answer what they call with handlers (the search remote's tests do), e.g.
//   server.use(http.get(api('/customers/me'), () => HttpResponse.json(me)));
// Handlers added with server.use are asked newest first and dropped after each test, with any
// server.events listener. A request no handler answers fails as a network error and is named on the
// console. stubFetch (fetch-stub.ts) is the older table-of-routes form, still used by most tests.
import { setupServer } from 'msw/node';

export const server = setupServer();

/** The API's address in component tests (the apiBase of setup-web.cjs): api('/bag') → 'http://localhost/api/bag'. */
export const api = (path: string) => `http://localhost/api${path}`;
