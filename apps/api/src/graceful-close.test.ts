import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { jobsTestApp, sharedTestDb } from './test/app';

// An instance told to stop (server.ts closes the app on SIGTERM) finishes the requests
// it has, and takes no new ones: the proxy sends those to the other instances.

let database: Awaited<ReturnType<typeof sharedTestDb>>;
let app: FastifyInstance;
beforeAll(async () => {
  database = await sharedTestDb();
}, 180_000);
afterAll(() => database.drop());

it('a stopping instance answers the request it is serving and refuses new connections', async () => {
  let release: () => void = () => undefined;
  let entered: () => void = () => undefined;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  app = await jobsTestApp(database.db, { JOBS: 'false' }, {
    define: (instance) =>
      instance.get('/slow', async () => {
        entered();
        await new Promise<void>((resolve) => (release = resolve));
        return { done: true };
      }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const slow = fetch(`${url}/slow`).then(async (response) => ({ status: response.status, connection: response.headers.get('connection'), body: await response.json() }));
  await inside;
  const closing = app.close();
  // Closed to new connections at once; the request being served goes on.
  await expect(fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) })).rejects.toThrow();
  release();
  // Answered, and its connection closed after it: the proxy does not send the next request there.
  expect(await slow).toEqual({ status: 200, connection: 'close', body: { done: true } });
  await closing;
}, 180_000);
