// Standalone entry (pnpm --filter @preloved/search dev); the shell uses remoteEntry.js instead.
import('./standalone');
