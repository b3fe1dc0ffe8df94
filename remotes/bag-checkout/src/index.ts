// Standalone entry (pnpm --filter @preloved/bag-checkout dev); the shell uses remoteEntry.js instead.
import('./standalone');
