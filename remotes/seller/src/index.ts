// Standalone entry (pnpm --filter @preloved/seller dev); the shell uses remoteEntry.js instead.
import('./standalone');
