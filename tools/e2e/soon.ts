import type { Locator } from 'playwright-core';

type Matchers = jest.Matchers<void, unknown>;
type Retried = {
  [K in keyof Matchers]: Matchers[K] extends (...args: infer A) => unknown
    ? (...args: A) => Promise<void>
    : never;
};
type Soon = Retried & { not: Retried };

/**
 * An assertion on a live page, retried until it holds or `timeout` passes (a one-shot read
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

type Options = { timeout?: number; every?: number };
const normalised = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The one element's value, or a sentence saying how many there were (which no expected value equals). */
const one = <T>(values: T[]): T | string => (values.length === 1 ? values[0]! : `<${values.length} elements>`);

/**
 * Web-first assertions on a locator, as Playwright's `expect(locator)` (which playwright-core does not
 * ship): each reads the page again and again until it holds or `timeout` passes, as a shopper looking
 * at a page still rendering would. Every read here answers at once (none waits for an element on its
 * own), so the timeout is this helper's alone.
 *
 *   await expectSoon(chips).toHaveCount(2);
 *   await expectSoon(page.getByRole('heading', { level: 1 })).toHaveText('Your bag');
 *   await expectSoon(link).toHaveAttribute('href', '/checkout');
 */
export function expectSoon(locator: Locator, options: Options = {}) {
  const text = () => locator.allInnerTexts().then((texts) => one(texts.map(normalised)));
  const attribute = (name: string) => locator.evaluateAll((elements, n) => elements.map((element) => element.getAttribute(n)), name).then(one);
  const value = () => locator.evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value)).then(one);
  const matches = (expected: string | RegExp) => (expected instanceof RegExp ? 'toMatch' : 'toBe') as 'toBe';
  const build = (negate: boolean) => {
    const check = <T>(read: () => Promise<T>) => (negate ? soon(read, options).not : soon(read, options));
    return {
      /** The number of elements the locator finds. */
      toHaveCount: (count: number) => check(() => locator.count()).toBe(count),
      /** The one element's text (whitespace collapsed), equal to a string or matching a RegExp. */
      toHaveText: (expected: string | RegExp) => check(text)[matches(expected)](expected as string),
      /** The one element's text holds `part`. */
      toContainText: (part: string) => check(text).toContain(part),
      /** Exactly one element, visible. */
      toBeVisible: () => check(() => locator.isVisible()).toBe(true),
      /** The one element's attribute, equal to a string or matching a RegExp. */
      toHaveAttribute: (name: string, expected: string | RegExp) => check(() => attribute(name))[matches(expected)](expected as string),
      /** The one input's, select's or textarea's value. */
      toHaveValue: (expected: string | RegExp) => check(value)[matches(expected)](expected as string),
      /**
       * At least one element, and every one's text holds a string or matches a RegExp (with `.not`:
       * none's does). Fails with the texts that do not.
       */
      toAllHaveText: (expected: string | RegExp) =>
        soon(async () => {
          const texts = (await locator.allInnerTexts()).map(normalised);
          const holds = (text: string) => (expected instanceof RegExp ? expected.test(text) : text.includes(expected));
          return texts.length === 0 ? ['<no elements>'] : texts.filter((text) => holds(text) === negate);
        }, options).toEqual([]),
    };
  };
  return Object.assign(build(false), {
    not: build(true),
    /** No element, or none visible. */
    toBeHidden: () => soon(() => locator.isVisible(), options).toBe(false),
  });
}
