// Standalone entry (pnpm --filter @preloved/account dev); the shell uses remoteEntry.js instead.
import('./standalone');
