import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

// Success and info toasts close after 1500 ms (spec §2, §9); errors stay 5000 ms so they can be read
// (the spec has both readings: DESIGN.md §4).
export const TOAST_MS = 1500;
export const ERROR_TOAST_MS = 5000;

export function useToast() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) =>
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: TOAST_MS }),
      info: (message: string) => enqueueSnackbar(message, { variant: 'info', autoHideDuration: TOAST_MS }),
      error: (message: string) =>
        enqueueSnackbar(message, { variant: 'error', autoHideDuration: ERROR_TOAST_MS }),
    }),
    [enqueueSnackbar],
  );
}
