import { makeDataTemplate } from '../e2e/server';

// Once per e2e run: the migrated and seeded database every journey's store copies (tools/e2e/server.ts).
// A run that already has one (E2E_DATA_TEMPLATE set by hand) keeps it.
export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_DATA_TEMPLATE) return;
  const started = Date.now();
  process.env.E2E_DATA_TEMPLATE = await makeDataTemplate();
  process.env.E2E_DATA_TEMPLATE_OWNED = '1';
  console.log(`\nthe journeys' template database made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
