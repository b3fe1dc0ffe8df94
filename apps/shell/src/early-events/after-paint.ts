/**
 * The page's code is asked for once the page's first frame is painted (LCP).
 *
 * A server-rendered page is whole in its HTML: its style sheets and the first row's photos are all the
 * first view needs. A `<script defer>` in the head is fetched at once, beside them, and on a phone's
 * connection its bytes share the first second's bandwidth with them: the federated shell's main.js
 * (the federation runtime, 25 KB gzip) pushed the largest photo of `/all` back by about 0.3 s in
 * Lighthouse's phone. So the store's server writes the shell's scripts as inert placeholders,
 * `<script type="preloved/after-paint" data-src="…">` (a script of an unknown type is neither fetched
 * nor run), and this, in the head script, turns them into real scripts, in document order, after the
 * first frame. A tap before the code has arrived is held and replayed (capture.ts); a hidden tab, which
 * paints nothing, loads the code at once.
 *
 * Part of the inline head script (`early-events.js`): the build compiles this file on its own, so it
 * must not import anything: `AFTER_PAINT_TYPE` writes out the contract's `AFTER_PAINT_SCRIPT_TYPE`, which
 * the API's server-render.ts writes the placeholders with, and the test proves the two equal.
 */
export const AFTER_PAINT_TYPE = 'preloved/after-paint';

/**
 * How long to wait for a frame, once the style sheets have arrived, before loading anyway (a frame a
 * throttled tab never paints). No frame is painted before the sheets: counting from them, a slow
 * server's sheets do not share their bandwidth with the code the fallback asks for.
 */
const AT_THE_LATEST_MS = 500;
/** The latest of all, should a style sheet never arrive. */
const WITHOUT_STYLES_MS = 3000;

/** Calls `then` once every one of `pending` (style sheets, photos) has loaded or failed. */
function whenSettled(pending: readonly Element[], then: () => void): void {
  let left = pending.length;
  if (left === 0) return then();
  const settled = () => {
    left -= 1;
    if (left === 0) then();
  };
  for (const element of pending) {
    element.addEventListener('load', settled, { once: true });
    element.addEventListener('error', settled, { once: true });
  }
}

export function loadScriptsAfterPaint(win: Window): void {
  const doc = win.document;
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    doc.querySelectorAll(`script[type="${AFTER_PAINT_TYPE}"][data-src]`).forEach((placeholder) => {
      const script = doc.createElement('script');
      script.src = placeholder.getAttribute('data-src') ?? '';
      // Run in document order, as `defer` runs them.
      script.async = false;
      placeholder.replaceWith(script);
    });
  };
  // A requestAnimationFrame callback runs just before the frame is painted; a task queued from it
  // runs after.
  const afterNextFrame = () => win.requestAnimationFrame(() => win.setTimeout(load, 0));
  const afterFirstFrame = () => {
    if (doc.visibilityState === 'hidden') return load();
    const sheets = Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).filter((link) => !link.sheet);
    whenSettled(sheets, () => win.setTimeout(load, AT_THE_LATEST_MS));
    win.setTimeout(load, WITHOUT_STYLES_MS);
    // The first view's photos (the server marks them fetchpriority=high) are part of it: the frame
    // that paints them comes before the code, or the code's first long task holds the page's largest
    // photo back (Lighthouse's LCP of /search: 0.9 s in one run, 1.36 s in the next).
    const photos = Array.from(doc.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')).filter((img) => !img.complete);
    whenSettled(photos, afterNextFrame);
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', afterFirstFrame, { once: true });
  else afterFirstFrame();
}
