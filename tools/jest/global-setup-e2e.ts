import { makeDataTemplate } from '../e2e/server';
import { startStoreBroker } from '../e2e/shared-store';

// Once per e2e run: the migrated and seeded database every journey's store copies (tools/e2e/server.ts).
// A run that already has one (E2E_DATA_TEMPLATE set by hand) keeps it.
// Then the broker of the workers' shared stores (tools/e2e/shared-store.ts), which the teardown closes.
export default async function globalSetup(): Promise<void> {
  if (!process.env.E2E_DATA_TEMPLATE) {
    const started = Date.now();
    process.env.E2E_DATA_TEMPLATE = await makeDataTemplate();
    process.env.E2E_DATA_TEMPLATE_OWNED = '1';
    console.log(`\nthe journeys' template database made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const broker = await startStoreBroker();
  process.env.E2E_STORE_BROKER = broker.url;
  // The teardown runs in this process: jest hands it this process's globals.
  (globalThis as { e2eStoreBroker?: typeof broker }).e2eStoreBroker = broker;
}
