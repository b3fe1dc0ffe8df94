import { useEffect, useRef } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]';

/**
 * Keeps Tab and Shift+Tab cycling inside an open modal dialog. showModal() makes the page behind
 * inert, but browsers still let Tab leave the dialog for their own toolbar (in Chromium focus lands
 * on the page's body): Tab on the last control goes to the first, Shift+Tab on the first to the last.
 * The controls are looked up at each key press, so content that changes while open is followed.
 */
function wrapTab(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
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
}

/** The modal dialogs open now, the last one on top: an Escape from outside them closes that one only. */
const openModals: HTMLDialogElement[] = [];

/**
 * Drives a native <dialog> as a modal: the page behind is inert, focus stays inside (Tab wraps at
 * both ends), Escape closes it, and focus goes back to the element that opened it.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      openModals.push(dialog);
      return () => {
        openModals.splice(openModals.indexOf(dialog), 1);
        if (dialog.open && typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
        opener?.focus?.();
      };
    }
    return undefined;
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape fires "cancel": let React state decide instead of the browser closing it behind our back.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // A click on the backdrop lands on the dialog element itself.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) onCloseRef.current();
    };
    // Escape closes the dialog on top, from the key itself (not only from the browser's "cancel") and
    // wherever the key's target is: Chromium skips "cancel" for a dialog opened without a user
    // activation (a tap held before the code ran and replayed), a key held and replayed is dispatched
    // by script onto the element that had the focus then (the control that opened the dialog), and
    // neither fires "cancel". Handled here, the key is prevented, so the browser sends no "cancel" after it.
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !dialog.open) return;
      if (openModals[openModals.length - 1] !== dialog) return;
      event.preventDefault();
      onCloseRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => wrapTab(dialog, event);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onClick);
    dialog.addEventListener('keydown', onKeyDown);
    document.addEventListener('keydown', onEscape);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onClick);
      dialog.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('keydown', onEscape);
    };
  }, []);

  return ref;
}
