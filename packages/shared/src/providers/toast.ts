import type { OptionsObject } from 'notistack';
import { useMemo } from 'react';

// Success and info toasts close after 1500 ms (spec §2, §9); errors stay 5000 ms so they can be read
// (the spec has both readings: DESIGN.md §4).
export const TOAST_MS = 1500;
export const ERROR_TOAST_MS = 5000;

// The toasts' code (notistack) is not part of the first load (the JS budget): the provider
// mounts after the page is interactive (<Toaster>, AppProviders) and a toast waits for it.
let markReady: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the toaster once notistack's provider is mounted: toasts can be shown from then on. */
export function toasterMounted(): void {
  markReady();
}

function show(message: string, options: OptionsObject): void {
  void Promise.all([import('notistack'), toasterReady]).then(([{ enqueueSnackbar }]) => enqueueSnackbar(message, options));
}

const toast = {
  success: (message: string) => show(message, { variant: 'success', autoHideDuration: TOAST_MS }),
  info: (message: string) => show(message, { variant: 'info', autoHideDuration: TOAST_MS }),
  error: (message: string) => show(message, { variant: 'error', autoHideDuration: ERROR_TOAST_MS }),
  /** A success the shopper must be able to read (an account deleted): as long as an error. */
  notice: (message: string) => show(message, { variant: 'success', autoHideDuration: ERROR_TOAST_MS }),
};

export function useToast() {
  return useMemo(() => toast, []);
}
