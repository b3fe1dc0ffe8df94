// Standalone entry (pnpm --filter @preloved/catalog dev); the shell uses remoteEntry.js instead.
import('./standalone');
