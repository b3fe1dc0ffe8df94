import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback } from 'fastify';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a plugin of any options
type Plugin = FastifyPluginAsync<any> | FastifyPluginCallback<any>;

/**
 * One thing the store does, in one folder: its services and repositories (fastify-plugin, each
 * naming what it needs in `dependencies`), its routes under /api, and pages at the store's root. A new
 * capability is a copy of a module folder and one line in modules/index.ts.
 */
export interface Module {
  name: string;
  /** Decorated on the instance; registered in the order their declared dependencies ask. */
  services?: Plugin[];
  /** Under /api, encapsulated. */
  routes?: Plugin[];
  /** At the store's root (pages, sitemap), after every /api route. */
  rootRoutes?: Plugin[];
}

interface PluginMeta {
  name?: string;
  dependencies?: string[];
}

const metaOf = (plugin: Plugin): PluginMeta => (plugin as unknown as Record<symbol, PluginMeta | undefined>)[Symbol.for('plugin-meta')] ?? {};

/**
 * The modules' services in an order where each comes after the services it depends on (by the
 * names fastify-plugin declares), otherwise in the order listed: no hand-kept list of ~60
 * registrations, and a missing or circular dependency stops the start with its names.
 */
export function inDependencyOrder(services: Plugin[]): Plugin[] {
  const byName = new Map<string, Plugin>();
  for (const service of services) {
    const { name } = metaOf(service);
    if (!name) throw new Error(`a module's service has no fastify-plugin name: ${service.name || 'anonymous'}`);
    if (byName.has(name)) throw new Error(`two modules' services are named ${name}`);
    byName.set(name, service);
  }
  const ordered: Plugin[] = [];
  const state = new Map<Plugin, 'visiting' | 'done'>();
  const visit = (service: Plugin, path: string[]) => {
    const name = metaOf(service).name!;
    if (state.get(service) === 'done') return;
    if (state.get(service) === 'visiting') throw new Error(`services depend on each other in a circle: ${[...path, name].join(' → ')}`);
    state.set(service, 'visiting');
    for (const dependency of metaOf(service).dependencies ?? []) {
      const provider = byName.get(dependency);
      if (provider) visit(provider, [...path, name]);
    }
    state.set(service, 'done');
    ordered.push(service);
  };
  for (const service of services) visit(service, []);
  return ordered;
}

/**
 * Registers every module: services first (options by service name, e.g. a test's payment provider),
 * then routes under /api, then the root's routes.
 */
export async function registerModules(app: FastifyInstance, modules: Module[], options: Record<string, object> = {}) {
  for (const service of inDependencyOrder(modules.flatMap((module) => module.services ?? []))) {
    await app.register(service, options[metaOf(service).name!] ?? {});
  }
  await app.register(
    async (api) => {
      for (const routes of modules.flatMap((module) => module.routes ?? [])) await api.register(routes);
    },
    { prefix: '/api' },
  );
  for (const routes of modules.flatMap((module) => module.rootRoutes ?? [])) await app.register(routes);
}
