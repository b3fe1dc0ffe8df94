type Matchers = jest.Matchers<void, unknown>;
type Retried = {
  [K in keyof Matchers]: Matchers[K] extends (...args: infer A) => unknown
    ? (...args: A) => Promise<void>
    : never;
};
type Soon = Retried & { not: Retried };

/**
 * An assertion on a live page, retried until it holds or `timeout` passes (issue 23: a one-shot read
 * of a page that is still rendering fails now and then): `await soon(() => chips.count()).toBe(2)`
 * reads again and again, as a shopper looking at the page would, and fails with the last read's
 * message. `read` must have no side effect: it runs many times.
 */
export function soon<T>(read: () => T | Promise<T>, { timeout = 15_000, every = 100 } = {}): Soon {
  const matcher =
    (negate: boolean, name: string) =>
    async (...args: unknown[]) => {
      const deadline = Date.now() + timeout;
      for (;;) {
        try {
          const value = await read();
          const target = negate ? expect(value).not : expect(value);
          (target as unknown as Record<string, (...a: unknown[]) => void>)[name]!(...args);
          return;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, every));
        }
      }
    };
  const build = (negate: boolean): unknown =>
    new Proxy(
      {},
      {
        get: (_target, name) =>
          name === 'not' && !negate ? build(true) : matcher(negate, String(name)),
      },
    );
  return build(false) as Soon;
}
