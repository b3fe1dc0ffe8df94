import path from 'node:path';
import { act, useState, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { installEarlyEvents, type EarlyEvents } from './capture';

// The inline script's build (tools/webpack/head-script.cjs), to prove the shipped text stands alone.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { compileHeadScript } = require('../../../../tools/webpack/head-script.cjs') as {
  compileHeadScript: (source: string, call: string) => string;
};

/**
 * The page as a shopper meets it on a slow phone: the server's HTML is there and the capture script
 * runs, the page's code has not arrived (nothing hydrated). `hydrate` then brings the code, `ready`
 * is what the shell calls once the visitor's state is restored.
 */
function serverPage(ui: ReactNode) {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(ui);
  document.body.appendChild(container);
  const early = installEarlyEvents(window);
  let root: Root | undefined;
  return {
    container,
    early,
    async hydrate(client: ReactNode = ui) {
      await act(async () => {
        root = hydrateRoot(container, client, { onRecoverableError: () => undefined });
      });
    },
    /** ready(), then until every held event has been replayed (one a task, as a browser would). */
    async ready() {
      await act(async () => {
        early.ready();
        for (let tries = 0; early.pending() > 0 && tries < 100; tries++)
          await new Promise((resolve) => setTimeout(resolve, 5));
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
    },
    unmount() {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

const tap = (node: Element) =>
  node.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
const button = (container: Element, name: string) => {
  const found = [...container.querySelectorAll('button')].find((node) => node.textContent === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
};

function Counter({ onAdd }: { onAdd: () => void }) {
  const [count, setCount] = useState(0);
  return (
    <div>
      <p>In bag: {count}</p>
      <button
        type="button"
        onClick={() => {
          onAdd();
          setCount((value) => value + 1);
        }}
      >
        Add to bag
      </button>
      <button type="button">Does nothing</button>
      <a href="/all">All</a>
    </div>
  );
}

describe('early-event capture: no tap is lost before the page hydrates', () => {
  const errors = jest.spyOn(console, 'error');
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // React's development build notes the busy mark as an attribute the server did not render; the
    // production build the store ships says nothing and keeps it until the replay removes it.
    errors.mockImplementation((...args: unknown[]) => {
      if (String(args[0]).includes("some attributes of the server rendered HTML didn't match"))
        return;
      throw new Error(args.map(String).join(' '));
    });
  });
  afterAll(() => errors.mockRestore());
  let page: ReturnType<typeof serverPage> | undefined;
  let early: EarlyEvents | undefined;
  afterEach(() => {
    page?.unmount();
    page?.early.stop();
    early?.stop();
    page = undefined;
    early = undefined;
  });

  it('holds a tap on a control that is not hydrated and replays it once, after hydration and ready()', async () => {
    const onAdd = jest.fn();
    page = serverPage(<Counter onAdd={onAdd} />);
    const add = button(page.container, 'Add to bag');
    expect(tap(add)).toBe(false); // the browser's own action is held back too
    expect(add).toHaveAttribute('data-early-pending');
    expect(add).toHaveAttribute('aria-busy', 'true');

    await page.hydrate();
    expect(onAdd).not.toHaveBeenCalled(); // not before the visitor's state is restored
    await page.ready();
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(page.container).toHaveTextContent('In bag: 1');
    expect(add).not.toHaveAttribute('data-early-pending');
    expect(add).not.toHaveAttribute('aria-busy');
    expect(page.early.pending()).toBe(0);
  });

  it('holds a tap on a hydrated control of the page region until the visitor is restored (ready())', async () => {
    const onAdd = jest.fn();
    page = serverPage(
      <main id="main">
        <Counter onAdd={onAdd} />
      </main>,
    );
    await page.hydrate();
    const add = button(page.container, 'Add to bag');
    // Hydrated with the server's view: its handler would act for a visitor not yet signed in.
    expect(tap(add)).toBe(false);
    expect(add).toHaveAttribute('aria-busy', 'true');
    expect(onAdd).not.toHaveBeenCalled();
    await page.ready();
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(page.container).toHaveTextContent('In bag: 1');
    // Once the visitor is restored, a tap acts at once.
    await act(async () => {
      tap(add);
    });
    expect(onAdd).toHaveBeenCalledTimes(2);
  });

  it('leaves a hydrated control of the frame (outside the page region) to React before ready()', async () => {
    const onAdd = jest.fn();
    page = serverPage(
      <div>
        <header>
          <Counter onAdd={onAdd} />
        </header>
        <main id="main" />
      </div>,
    );
    await page.hydrate();
    await act(async () => {
      tap(button(page!.container, 'Add to bag'));
    });
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(page.early.pending()).toBe(0);
  });

  it('counts an impatient second tap on a waiting control once', async () => {
    const onAdd = jest.fn();
    page = serverPage(<Counter onAdd={onAdd} />);
    const add = button(page.container, 'Add to bag');
    tap(add);
    tap(add);
    await page.hydrate();
    await page.ready();
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('leaves a hydrated control to React: a tap after hydration acts once, at once', async () => {
    const onAdd = jest.fn();
    page = serverPage(<Counter onAdd={onAdd} />);
    await page.hydrate();
    await page.ready();
    await act(async () => {
      tap(button(page!.container, 'Add to bag'));
    });
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(page.early.pending()).toBe(0);
  });

  it('puts the focus on the tapped control when it replays the tap', async () => {
    page = serverPage(<Counter onAdd={() => undefined} />);
    const add = button(page.container, 'Add to bag');
    tap(add);
    await page.hydrate();
    await page.ready();
    expect(document.activeElement).toBe(add);
  });

  it('replays on the node that took the place of a control replaced before hydration', async () => {
    const onAdd = jest.fn();
    page = serverPage(<Counter onAdd={onAdd} />);
    const add = button(page.container, 'Add to bag');
    tap(add);
    const replacement = add.cloneNode(true) as HTMLButtonElement;
    replacement.removeAttribute('data-early-pending');
    replacement.removeAttribute('aria-busy');
    add.replaceWith(replacement);
    await page.hydrate();
    await page.ready();
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(page.container).toHaveTextContent('In bag: 1');
  });

  it('forgets a tap on a control that is gone, and goes on with the next one', async () => {
    const onAdd = jest.fn();
    page = serverPage(
      <div>
        <Counter onAdd={onAdd} />
        <button type="button">Removed</button>
      </div>,
    );
    const removed = button(page.container, 'Removed');
    tap(removed);
    tap(button(page.container, 'Add to bag'));
    removed.remove();
    await page.hydrate(
      <div>
        <Counter onAdd={onAdd} />
      </div>,
    );
    await page.ready();
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(page.early.pending()).toBe(0);
  });

  it('replays a tap on a control that does nothing without harm, and clears its busy state', async () => {
    page = serverPage(<Counter onAdd={() => undefined} />);
    const idle = button(page.container, 'Does nothing');
    tap(idle);
    await page.hydrate();
    await page.ready();
    expect(idle).not.toHaveAttribute('data-early-pending');
    expect(page.early.pending()).toBe(0);
  });

  it('lets a link navigate as a link does without scripts', () => {
    page = serverPage(<Counter onAdd={() => undefined} />);
    const link = page.container.querySelector('a')!;
    let prevented: boolean | undefined;
    const see = (event: Event) => {
      prevented = event.defaultPrevented;
      event.preventDefault(); // jsdom cannot navigate
    };
    window.addEventListener('click', see);
    tap(link);
    window.removeEventListener('click', see);
    expect(prevented).toBe(false);
    expect(page.early.pending()).toBe(0);
  });

  it('holds a checkbox unchanged until its change can be handled, then changes it once', async () => {
    const onChange = jest.fn();
    function Filter() {
      const [checked, setChecked] = useState(false);
      return (
        <label>
          <input
            type="checkbox"
            checked={checked}
            onChange={() => {
              onChange();
              setChecked((value) => !value);
            }}
          />
          Women
        </label>
      );
    }
    page = serverPage(<Filter />);
    const box = page.container.querySelector('input')!;
    tap(box);
    expect(box.checked).toBe(false);
    await page.hydrate();
    await page.ready();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(box.checked).toBe(true);
  });

  it('keeps text typed before hydration and hands it to React, then submits the form once', async () => {
    const onSearch = jest.fn();
    function Search() {
      const [query, setQuery] = useState('');
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSearch(query);
          }}
        >
          <label htmlFor="q">Search</label>
          <input id="q" value={query} onChange={(event) => setQuery(event.target.value)} />
          <button type="submit">Go</button>
        </form>
      );
    }
    page = serverPage(<Search />);
    const field = page.container.querySelector('input')!;
    field.focus();
    field.value = 'dress';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    tap(button(page.container, 'Go'));
    await page.hydrate();
    expect(field.value).toBe('dress'); // hydration keeps what the shopper typed
    await page.ready();
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('dress');
    expect(field.value).toBe('dress');
  });

  it('holds a tap on a control hydrated meanwhile while earlier events wait, so they act in the order made', async () => {
    const onSubscribe = jest.fn();
    function Newsletter() {
      const [email, setEmail] = useState('');
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSubscribe(email);
          }}
        >
          <input
            aria-label="Email address"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit">Subscribe</button>
        </form>
      );
    }
    page = serverPage(<Newsletter />);
    const field = page.container.querySelector('input')!;
    field.value = 'ana@example.com';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    await page.hydrate(); // the form's code arrives before the page is ready
    const subscribe = button(page.container, 'Subscribe');
    expect(tap(subscribe)).toBe(false); // held behind the typing, though React could take it now
    expect(subscribe).toHaveAttribute('aria-busy', 'true');
    expect(onSubscribe).not.toHaveBeenCalled();
    await page.ready();
    expect(onSubscribe).toHaveBeenCalledTimes(1);
    expect(onSubscribe).toHaveBeenCalledWith('ana@example.com');
  });

  it('holds a form submitted by Enter (no button) and submits it once', async () => {
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    page = serverPage(
      <form onSubmit={onSubmit}>
        <input name="email" defaultValue="ana@example.com" />
      </form>,
    );
    const form = page.container.querySelector('form')!;
    expect(form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))).toBe(
      false,
    );
    await page.hydrate();
    await page.ready();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('waits for a part of the page that hydrates later, then replays there', async () => {
    jest.useFakeTimers();
    try {
      const onAdd = jest.fn();
      const container = document.createElement('div');
      container.id = 'root';
      container.innerHTML = renderToString(<Counter onAdd={onAdd} />);
      document.body.appendChild(container);
      early = installEarlyEvents(window);
      tap(button(container, 'Add to bag'));
      early.ready(); // the page says ready, but this part has not hydrated yet
      jest.advanceTimersByTime(200);
      expect(early.pending()).toBe(1);
      let root: Root | undefined;
      await act(async () => {
        root = hydrateRoot(container, <Counter onAdd={onAdd} />);
      });
      await act(async () => {
        jest.advanceTimersByTime(60);
      });
      expect(onAdd).toHaveBeenCalledTimes(1);
      act(() => root?.unmount());
      container.remove();
    } finally {
      jest.useRealTimers();
    }
  });

  it('is shipped as a script that stands alone: the built text installs the same capture', () => {
    const script = compileHeadScript(
      path.join(__dirname, 'capture.ts'),
      'installEarlyEvents(window)',
    );
    expect(script).not.toMatch(/\brequire\(|\bimport\b/);
    new Function(script)();
    early = window.__prelovedEarlyEvents;
    expect(early).toBeDefined();
    expect(early!.pending()).toBe(0);
  });
});
