// Standalone entry (pnpm --filter @preloved/backoffice dev); the shell uses remoteEntry.js instead.
import('./standalone');
