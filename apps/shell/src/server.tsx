// The shell's server entry (DESIGN §10), built into dist/server/server.js as a CommonJS library that
// the store's Fastify process requires. The dynamic import is the async boundary Module Federation
// needs before shared modules are used (DESIGN §8).
import type { RenderOptions, RenderResult } from './server/render';

export type { RenderOptions, RenderResult };

export async function render(options: RenderOptions): Promise<RenderResult> {
  const { renderPage } = await import('./server/render');
  return renderPage(options);
}
