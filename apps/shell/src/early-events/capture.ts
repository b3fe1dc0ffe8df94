/**
 * Early-event capture and replay ("every tap counts").
 *
 * A server-rendered page shows its controls before React has hydrated them: the frame's code arrives
 * first, the page region's later (the JS budget), and React drops a click on a region whose
 * code is not loaded. This runs as a tiny inline script in the server's HTML, before the body is
 * parsed (the build compiles this file on its own: it must not import anything). Like Angular's
 * event replay (JSAction), it listens on the window in the capture phase, so it sees every event
 * before React's root listener does, and for a control React has not hydrated yet it:
 *
 * - holds the event (the browser's default action is cancelled, React never sees it), marks the
 *   control as taken at once (`data-early-pending` and `aria-busy`: the store's CSS shows it pressed),
 *   and replays it on the same node once the page has hydrated and the visitor's state is restored
 *   (the app calls `ready()`): a click as `click()`, a form's submission as `requestSubmit()`;
 * - leaves typing alone (the field keeps the text) and hands the text to React once the field is
 *   hydrated, as an `input` event React sees as a change; a `<select>`'s choice likewise;
 * - lets links navigate as links do without scripts (a real page load has the same effect), and
 *   leaves modified clicks (new tab) and anything React already handles to the browser and React.
 *
 * A repeated tap on a control that is already waiting is not queued again (the shopper tapped again
 * because nothing seemed to happen: one tap's effect, once). A control that hydration replaced is
 * found again by its place in the tree and its tag and text; one that is gone is forgotten.
 */
export interface EarlyEvents {
  /** The page has hydrated and the visitor's state is restored: replay what was held. */
  ready(): void;
  /** Replays what can be replayed now (held events wait for their control to be hydrated). */
  flush(): void;
  /** How many events are still held. */
  pending(): number;
  /** Stops listening and forgets what is held (tests; a page never needs it). */
  stop(): void;
}

declare global {
  interface Window {
    __prelovedEarlyEvents?: EarlyEvents;
  }
}

export function installEarlyEvents(win: Window & typeof globalThis): EarlyEvents {
  const existing = win.__prelovedEarlyEvents;
  if (existing) return existing;
  const doc = win.document;
  const PENDING = 'data-early-pending';
  const GIVE_UP_MS = 30000;
  const CONTROL =
    'a[href],button,input,select,textarea,label,summary,[role=button],[role=link],[role=tab],[role=checkbox],[role=radio],[role=switch],[role=option],[role=menuitem],[tabindex]';
  const KEYS = ['Escape', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];
  // Inputs whose click the browser must handle itself (typing, pickers, the file dialog).
  const NATIVE_INPUT =
    /^(text|search|email|tel|url|password|number|date|time|datetime-local|month|week|file|range|color)$/;

  type Kind = 'click' | 'submit' | 'change' | 'text' | 'key' | 'focus';
  interface Held {
    kind: Kind;
    node: Element;
    /** Where the node was under #root (child indexes), its tag and text: to find a replacement. */
    path: number[];
    tag: string;
    text: string;
    at: number;
    value?: string;
    submitter?: Element | null;
    key?: KeyboardEventInit;
    marked?: Element;
  }
  const held: Held[] = [];
  let isReady = false;
  let replaying = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const root = () => doc.getElementById('root');
  // React keeps its fiber on each DOM node it has hydrated or rendered (an own property).
  const hydrated = (node: Element) =>
    Object.keys(node).some((key) => key.indexOf('__reactFiber$') === 0);
  const textOf = (node: Element) =>
    (node.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 80);
  const pathOf = (node: Element) => {
    const top = root();
    const path: number[] = [];
    for (let at: Element | null = node; at && at !== top; at = at.parentElement) {
      const parent: Element | null = at.parentElement;
      if (!parent) return null;
      path.unshift(Array.prototype.indexOf.call(parent.children, at));
    }
    return top ? path : null;
  };
  const isTextField = (node: Element) =>
    node.tagName === 'TEXTAREA' ||
    (node.tagName === 'INPUT' && NATIVE_INPUT.test((node as HTMLInputElement).type)) ||
    (node as HTMLElement).isContentEditable;
  const labelledTextField = (node: Element) => {
    const control = node.tagName === 'LABEL' ? (node as HTMLLabelElement).control : null;
    return control ? isTextField(control) : false;
  };
  /**
   * Whether a hydrated node must still wait: one in the page region (`#main`) before `ready()`. The
   * page region hydrates with the server's view (no visitor: no token, an empty bag), and the
   * visitor's state is restored just after; a handler run in between acts as a visitor who is not
   * signed in (a signed-in shopper's wishlist heart, tapped then, saved nothing). The frame's
   * controls (header, search, sign-in) act once hydrated, as they do not wait for the page's code.
   */
  const beforeVisitor = (node: Element) => {
    if (isReady) return false;
    const page = doc.getElementById('main');
    return !!page && page.contains(node);
  };
  /** React may have the event now: the node is hydrated, nothing is held before it, its state is there. */
  const reactHasIt = (node: Element) => hydrated(node) && held.length === 0 && !beforeVisitor(node);
  /**
   * The control of an event in the store's page that must wait: React has not hydrated it yet, it is
   * in the page region and the visitor's state is not restored, or earlier events are still held
   * (they act first, in the order the shopper made them: typed text, then a "Subscribe" on a form
   * that hydrated meanwhile).
   */
  const waitingControl = (target: EventTarget | null): Element | null => {
    if (replaying) return null;
    const start =
      target instanceof win.Element
        ? target
        : target instanceof win.Node
          ? target.parentElement
          : null;
    const top = root();
    if (!start || !top || !top.contains(start)) return null;
    const node = start.closest(CONTROL);
    if (!node || !top.contains(node) || reactHasIt(node)) return null;
    return node;
  };

  const mark = (node: Element) => {
    node.setAttribute(PENDING, '');
    node.setAttribute('aria-busy', 'true');
  };
  const unmark = (entry: Held) => {
    const node = entry.marked;
    if (!node) return;
    node.removeAttribute(PENDING);
    node.removeAttribute('aria-busy');
  };
  const hold = (kind: Kind, node: Element, extra: Partial<Held> = {}) => {
    const path = pathOf(node);
    if (!path) return;
    held.push({
      kind,
      node,
      path,
      tag: node.tagName,
      text: textOf(node),
      at: Date.now(),
      ...extra,
    });
    schedule(0);
  };
  const waiting = (kind: Kind, node: Element) =>
    held.some((entry) => entry.kind === kind && entry.node === node);

  const onClick = (event: Event) => {
    const click = event as MouseEvent;
    if (click.button !== 0 || click.ctrlKey || click.metaKey || click.shiftKey || click.altKey)
      return;
    const node = waitingControl(event.target);
    if (!node) return;
    const href = node.tagName === 'A' ? node.getAttribute('href') || '' : '';
    // A link works without scripts: the browser's own navigation is the link's effect.
    if (href && href.charAt(0) !== '#' && !node.hasAttribute('download')) return;
    if (
      node.tagName === 'SELECT' ||
      (node.tagName === 'INPUT' && isTextField(node)) ||
      labelledTextField(node)
    ) {
      // Focus and the caret are the browser's; a click handler of the field's still runs on replay.
      event.stopImmediatePropagation();
      if (!waiting('click', node)) hold('click', node);
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    if (waiting('click', node)) return;
    mark(node);
    hold('click', node, { marked: node });
  };
  const onSubmit = (event: Event) => {
    const form = event.target;
    if (replaying || !(form instanceof win.HTMLFormElement)) return;
    const top = root();
    if (!top || !top.contains(form) || reactHasIt(form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (waiting('submit', form)) return;
    const submitter = (event as SubmitEvent).submitter || null;
    const marked = submitter || form;
    mark(marked);
    hold('submit', form, { submitter, marked });
  };
  const onInput = (event: Event) => {
    const node = waitingControl(event.target);
    if (!node || (node.tagName !== 'SELECT' && !isTextField(node))) return;
    event.stopImmediatePropagation();
    const kind: Kind = node.tagName === 'SELECT' ? 'change' : 'text';
    const value = (node as HTMLInputElement).value;
    const entry = held.find((item) => item.kind === kind && item.node === node);
    if (entry) entry.value = value;
    else hold(kind, node, { value });
  };
  const onKey = (event: Event) => {
    const key = event as KeyboardEvent;
    if (KEYS.indexOf(key.key) < 0 || key.ctrlKey || key.metaKey || key.altKey) return;
    const node = waitingControl(event.target);
    // Fields, lists and radio groups move with these keys on their own (a radio's move is a click).
    if (!node || isTextField(node) || /^(SELECT|INPUT|TEXTAREA)$/.test(node.tagName)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    hold('key', node, {
      key: {
        key: key.key,
        code: key.code,
        shiftKey: key.shiftKey,
        bubbles: true,
        cancelable: true,
      },
    });
  };
  const onFocus = (event: Event) => {
    const node = waitingControl(event.target);
    if (node && isTextField(node) && !waiting('focus', node)) hold('focus', node);
  };

  /** The node to act on: the same one, or the one hydration put in its place. */
  const resolve = (entry: Held): Element | null => {
    if (entry.node.isConnected) return entry.node;
    let at: Element | null = root();
    for (const index of entry.path) at = at ? at.children[index] || null : null;
    if (!at || at.tagName !== entry.tag || textOf(at) !== entry.text) return null;
    entry.node = at;
    return at;
  };

  /** A field's text handed to React: its value tracker is told the old text, the field the new. */
  const giveText = (node: HTMLInputElement | HTMLTextAreaElement, value: string) => {
    const proto =
      node.tagName === 'TEXTAREA'
        ? win.HTMLTextAreaElement.prototype
        : win.HTMLInputElement.prototype;
    const setValue = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
    if (!setValue) return;
    const focused = doc.activeElement === node;
    let start: number | null = null;
    let end: number | null = null;
    try {
      start = node.selectionStart;
      end = node.selectionEnd;
    } catch {
      // number fields have no selection
    }
    node.value = value === '' ? ' ' : '';
    setValue.call(node, value);
    node.dispatchEvent(new win.Event('input', { bubbles: true }));
    if (focused && start !== null && end !== null) {
      try {
        node.setSelectionRange(start, end);
      } catch {
        // idem
      }
    }
  };

  const replay = (entry: Held, node: Element) => {
    unmark(entry);
    replaying = true;
    try {
      dispatch(entry, node);
    } finally {
      replaying = false;
    }
  };
  const dispatch = (entry: Held, node: Element) => {
    switch (entry.kind) {
      case 'click':
        if (
          doc.activeElement !== node &&
          node instanceof win.HTMLElement &&
          node.tagName !== 'LABEL'
        ) {
          node.focus({ preventScroll: true });
        }
        (node as HTMLElement).click();
        break;
      case 'submit': {
        const form = node as HTMLFormElement;
        const submitter =
          entry.submitter &&
          entry.submitter.isConnected &&
          (entry.submitter as HTMLButtonElement).form === form
            ? entry.submitter
            : null;
        if (typeof form.requestSubmit === 'function')
          form.requestSubmit((submitter as HTMLElement | null) || undefined);
        else form.dispatchEvent(new win.Event('submit', { bubbles: true, cancelable: true }));
        break;
      }
      case 'change':
        (node as HTMLSelectElement).value = entry.value || '';
        node.dispatchEvent(new win.Event('change', { bubbles: true }));
        break;
      case 'text':
        giveText(node as HTMLInputElement, entry.value || '');
        break;
      case 'key':
        node.dispatchEvent(new win.KeyboardEvent('keydown', entry.key));
        break;
      case 'focus':
        if (doc.activeElement === node)
          node.dispatchEvent(new win.FocusEvent('focusin', { bubbles: true }));
        break;
    }
  };

  /**
   * One held event at a time, in order (a later event may depend on an earlier one: text, then its
   * form's "Subscribe"), each in a task of its own as the browser dispatches a shopper's events: React
   * renders what the last one changed before the next one's handler reads it.
   */
  const flush = () => {
    const entry = held[0];
    if (!isReady || !entry) return;
    const node = resolve(entry);
    // Not hydrated yet (a part of the page React hydrates later): wait for it, for a while.
    if (node && !hydrated(node) && Date.now() - entry.at < GIVE_UP_MS) {
      schedule(50);
      return;
    }
    held.shift();
    // Gone from the page (nothing like it took its place), or never hydrated: forgotten.
    if (!node || !hydrated(node)) unmark(entry);
    else replay(entry, node);
    schedule(0);
  };

  function schedule(ms: number) {
    if (timer !== undefined || held.length === 0 || !isReady) return;
    timer = setTimeout(() => {
      timer = undefined;
      flush();
    }, ms);
  }

  const listeners: [string, (event: Event) => void][] = [
    ['click', onClick],
    ['submit', onSubmit],
    ['input', onInput],
    ['change', onInput],
    ['keydown', onKey],
    ['focusin', onFocus],
  ];
  for (const [type, listener] of listeners) win.addEventListener(type, listener, true);
  // Should the page never say it is ready (its code failed to load and no error screen came), what
  // is held is replayed anyway, a while after the page has loaded, on whatever React has hydrated.
  const SAFETY_MS = 20000;
  let safetyTimer: ReturnType<typeof setTimeout> | undefined;
  const safety = () => {
    safetyTimer = setTimeout(() => api.ready(), SAFETY_MS);
  };
  if (doc.readyState === 'complete') safety();
  else win.addEventListener('load', safety, { once: true });

  const api: EarlyEvents = {
    ready() {
      isReady = true;
      flush();
    },
    flush,
    pending: () => held.length,
    stop() {
      for (const [type, listener] of listeners) win.removeEventListener(type, listener, true);
      win.removeEventListener('load', safety);
      if (safetyTimer !== undefined) clearTimeout(safetyTimer);
      if (timer !== undefined) clearTimeout(timer);
      held.length = 0;
      delete win.__prelovedEarlyEvents;
    },
  };
  win.__prelovedEarlyEvents = api;
  return api;
}
