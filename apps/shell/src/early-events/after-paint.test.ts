import { AFTER_PAINT_SCRIPT_TYPE } from '@preloved/contract';
import { AFTER_PAINT_TYPE, loadScriptsAfterPaint } from './after-paint';

/** The head of a page as the store's server writes it: the shell's scripts as inert placeholders. */
function serverHead(...sources: string[]) {
  document.head.innerHTML = sources.map((src) => `<script type="${AFTER_PAINT_TYPE}" data-src="${src}"></script>`).join('');
}

const scriptsAsked = () =>
  [...document.head.querySelectorAll('script')].filter((script) => script.getAttribute('type') !== AFTER_PAINT_TYPE).map((script) => script.getAttribute('src'));

describe("the page's code after the first paint (issue 31)", () => {
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
