import fp from 'fastify-plugin';
import { inDependencyOrder } from './module';
import { modules } from '.';

const service = (name: string, dependencies: string[] = []) => fp(async () => {}, { name, dependencies });
const names = (plugins: unknown[]) => plugins.map((plugin) => (plugin as Record<symbol, { name: string }>)[Symbol.for('plugin-meta')]!.name);

describe('registering the modules', () => {
  it('puts each service after the services it depends on, and otherwise keeps the listed order', () => {
    const listed = [service('checkout', ['orders', 'db']), service('catalog'), service('orders', ['catalog']), service('reviews')];
    expect(names(inDependencyOrder(listed))).toEqual(['catalog', 'orders', 'checkout', 'reviews']);
  });

  it('refuses services that depend on each other in a circle, naming them', () => {
    expect(() => inDependencyOrder([service('a', ['b']), service('b', ['a'])])).toThrow('a → b → a');
  });

  it('refuses two services of one name and a service without a name', () => {
    expect(() => inDependencyOrder([service('a'), service('a')])).toThrow('two modules\u2019 services are named a'.replace('\u2019', "'"));
    expect(() => inDependencyOrder([async () => {}])).toThrow('no fastify-plugin name');
  });

  it("orders every module's services with none left out", () => {
    const all = modules.flatMap((module) => module.services ?? []);
    expect(new Set(inDependencyOrder(all)).size).toBe(all.length);
  });
});
