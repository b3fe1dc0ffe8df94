import { AFTER_PAINT_SCRIPT_TYPE } from '@preloved/contract';
import { AFTER_PAINT_TYPE, loadScriptsAfterPaint } from './after-paint';

/** The head of a page as the store's server writes it: the shell's scripts as inert placeholders. */
function serverHead(...sources: string[]) {
  document.head.innerHTML = sources.map((src) => `<script type="${AFTER_PAINT_TYPE}" data-src="${src}"></script>`).join('');
}

const scriptsAsked = () =>
  [...document.head.querySelectorAll('script')].filter((script) => script.getAttribute('type') !== AFTER_PAINT_TYPE).map((script) => script.getAttribute('src'));

/** The first view's photo, still on its way. */
function slowPhoto() {
  document.body.innerHTML = '<img fetchpriority="high" src="/slow.svg">';
  Object.defineProperty(document.body.querySelector('img'), 'complete', { value: false });
}

/** Style sheets the head links, not arrived yet. */
function pendingSheets(...hrefs: string[]) {
  document.head.insertAdjacentHTML('beforeend', hrefs.map((href) => `<link rel="stylesheet" href="${href}">`).join(''));
  const links = [...document.head.querySelectorAll('link')];
  for (const link of links) Object.defineProperty(link, 'sheet', { value: null });
  return links;
}

/** Nothing is asked for until `ms` from now, and the code is asked for at `ms`. */
function expectAskedAfter(ms: number) {
  jest.advanceTimersByTime(ms - 1);
  expect(scriptsAsked()).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(scriptsAsked()).toEqual(['/main.js']);
}

describe("the page's code after the first paint", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    document.head.innerHTML = '';
  });

  test('looks for the placeholders the store\'s server writes (the contract\'s type)', () => {
    expect(AFTER_PAINT_TYPE).toBe(AFTER_PAINT_SCRIPT_TYPE);
  });

  test('asks for no script before the first frame, and for each one after it, in document order', () => {
    serverHead('/main.js', '/other.js');
    loadScriptsAfterPaint(window);
    expect(scriptsAsked()).toEqual([]);

    jest.advanceTimersToNextFrame();
    // The frame is painted; the scripts are asked for in the task after it (a zero timeout is 1 ms).
    expect(scriptsAsked()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(scriptsAsked()).toEqual(['/main.js', '/other.js']);
    const [main] = document.head.querySelectorAll('script');
    expect(main?.async).toBe(false);
  });

  test('waits for the first view’s photos (fetchpriority=high) to arrive, then for the frame that paints them', () => {
    serverHead('/main.js');
    document.body.innerHTML = '<img fetchpriority="high" src="/a.svg"><img fetchpriority="high" src="/b.svg"><img src="/c.svg">';
    const [first, second, below] = [...document.body.querySelectorAll('img')];
    for (const img of [first, second, below]) Object.defineProperty(img, 'complete', { value: false });
    loadScriptsAfterPaint(window);
    jest.advanceTimersToNextFrame();
    jest.advanceTimersByTime(1);
    expect(scriptsAsked()).toEqual([]);
    first!.dispatchEvent(new Event('load'));
    jest.advanceTimersToNextFrame();
    jest.advanceTimersByTime(1);
    expect(scriptsAsked()).toEqual([]);
    // A photo that fails counts as arrived; the one below the first view is not waited for.
    second!.dispatchEvent(new Event('error'));
    expect(scriptsAsked()).toEqual([]);
    jest.advanceTimersToNextFrame();
    jest.advanceTimersByTime(1);
    expect(scriptsAsked()).toEqual(['/main.js']);
    document.body.innerHTML = '';
  });

  test('waits for photos no longer than the latest time', () => {
    serverHead('/main.js');
    slowPhoto();
    loadScriptsAfterPaint(window);
    expectAskedAfter(500);
    document.body.innerHTML = '';
  });

  test('counts the latest time from the style sheets’ arrival: a slow server’s sheets do not share their bandwidth with the code', () => {
    serverHead('/main.js');
    const [first, second] = pendingSheets('/a.css', '/b.css');
    slowPhoto();
    loadScriptsAfterPaint(window);
    jest.advanceTimersByTime(900);
    first!.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(100);
    second!.dispatchEvent(new Event('error'));
    expectAskedAfter(500);
    document.body.innerHTML = '';
  });

  test('loads after 3 s should a style sheet never arrive', () => {
    serverHead('/main.js');
    pendingSheets('/hangs.css');
    slowPhoto();
    loadScriptsAfterPaint(window);
    expectAskedAfter(3000);
    document.body.innerHTML = '';
  });

  test('asks for each script once, though the frame and the latest time both come', () => {
    serverHead('/main.js');
    loadScriptsAfterPaint(window);
    jest.advanceTimersToNextFrame();
    jest.advanceTimersByTime(1000);
    expect(scriptsAsked()).toEqual(['/main.js']);
  });

  test('loads at once in a hidden tab, which paints no frame', () => {
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    serverHead('/main.js');
    loadScriptsAfterPaint(window);
    expect(scriptsAsked()).toEqual(['/main.js']);
  });

  test('loads by the latest time when no frame comes (a throttled tab)', () => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    serverHead('/main.js');
    loadScriptsAfterPaint(window);
    jest.advanceTimersByTime(499);
    expect(scriptsAsked()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(scriptsAsked()).toEqual(['/main.js']);
  });
});
