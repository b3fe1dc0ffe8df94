import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]';

/**
 * Keeps Tab and Shift+Tab cycling inside the open side panel. A modal <dialog> makes the page behind
 * inert, but browsers still let Tab leave it for their own toolbar (in Chromium focus lands on the
 * page's body); a panel that must trap focus wraps from its last control to its first and back.
 * `inside` is any element within the panel's <dialog>.
 */
export function useFocusWrap(inside: RefObject<HTMLElement | null>, active: boolean, renewal?: unknown): void {
  useEffect(() => {
    const dialog = inside.current?.closest('dialog');
    if (!active || !dialog) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (element) => element.tabIndex >= 0 && !element.closest('[hidden], [inert]'),
      );
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const current = document.activeElement;
      if (event.shiftKey && (current === first || current === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && current === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  }, [inside, active, renewal]);
}
