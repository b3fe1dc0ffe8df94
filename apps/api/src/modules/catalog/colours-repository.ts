import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';

declare module 'fastify' {
  interface FastifyInstance {
    coloursRepository: ReturnType<typeof createColoursRepository>;
  }
}

/** The catalogue's colours (id → hex), which the generated photos are painted with. */
export function createColoursRepository(app: FastifyInstance) {
  return {
    async hexes(tx: Queryable = app.db): Promise<Map<string, string>> {
      const { rows } = await tx.query<{ id: string; hex: string }>('SELECT id, hex FROM colours');
      return new Map(rows.map((row) => [row.id, row.hex]));
    },
  };
}

export default fp(
  async function coloursRepository(app: FastifyInstance) {
    app.decorate('coloursRepository', createColoursRepository(app));
  },
  { name: 'colours-repository', dependencies: ['db'] },
);
