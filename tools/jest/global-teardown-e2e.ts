import { rmSync } from 'node:fs';
import type { startStoreBroker } from '../e2e/shared-store';

export default async function globalTeardown(): Promise<void> {
  try {
    // The workers' shared stores: each stopped, its ledger audited (a failed audit fails the run).
    await (globalThis as { e2eStoreBroker?: Awaited<ReturnType<typeof startStoreBroker>> }).e2eStoreBroker?.close();
  } finally {
    if (process.env.E2E_DATA_TEMPLATE_OWNED === '1' && process.env.E2E_DATA_TEMPLATE) {
      rmSync(process.env.E2E_DATA_TEMPLATE, { recursive: true, force: true });
    }
  }
}
