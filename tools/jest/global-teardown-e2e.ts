import { rmSync } from 'node:fs';

export default function globalTeardown(): void {
  if (process.env.E2E_DATA_TEMPLATE_OWNED === '1' && process.env.E2E_DATA_TEMPLATE) {
    rmSync(process.env.E2E_DATA_TEMPLATE, { recursive: true, force: true });
  }
}
