/**
 * How long a file's set-up and tear-down (beforeAll, afterAll) may take: 20 minutes, far above any
 * set-up seen, so none fails on time. They open databases (PGlite's WebAssembly migrating or loading
 * its template, a PostgreSQL schema), start stores and browsers, and a busy machine stretches them
 * without bound: a fresh-clone `npm test` at a load of 30–40 failed 25 API tests on a fixed 60 s
 * hook timeout, and passed on a quiet machine. A hook that truly hangs still ends, and a test keeps
 * its own, shorter limit (jest.setTimeout in each project's setup file), which does catch a hang.
 */
export const SET_UP_TIMEOUT_MS = 20 * 60_000;

/** beforeAll and afterAll of every test file get SET_UP_TIMEOUT_MS, or more if a hook asks for more. */
export function giveSetUpItsTime(): void {
  for (const name of ['beforeAll', 'afterAll'] as const) {
    const hook = globalThis[name];
    globalThis[name] = ((fn: Parameters<typeof hook>[0], timeout?: number) => hook(fn, Math.max(timeout ?? 0, SET_UP_TIMEOUT_MS))) as typeof hook;
  }
}
