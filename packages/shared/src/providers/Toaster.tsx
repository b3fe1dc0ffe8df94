import { SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { TOAST_MS, toasterMounted } from './toast';

/** The toasts' container, top centre (DESIGN §4). Loaded after the page is interactive. */
export default function Toaster() {
  useEffect(() => toasterMounted(), []);
  return <SnackbarProvider anchorOrigin={{ vertical: 'top', horizontal: 'center' }} autoHideDuration={TOAST_MS} maxSnack={3} />;
}
