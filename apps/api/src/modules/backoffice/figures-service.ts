import { FiguresQuery as QuerySchema, type Figures, type FigureRow, type FiguresQuery } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { figureRows, figureTotals } from './figures-repository';

declare module 'fastify' {
  interface FastifyInstance {
    figures: ReturnType<typeof figuresService>;
  }
}

const COLUMNS: (keyof FigureRow)[] = [
  'period',
  'gmv',
  'orders',
  'average_order',
  'take',
  'take_rate',
  'listed',
  'sold',
  'sell_through',
  'median_days_to_sell',
  'dispute_rate',
  'cancellation_rate',
  'new_buyers',
  'new_sellers',
  'resells_started',
];

/** How the store does, by period, for finance and admins; a CSV of the same rows for a spreadsheet. */
function figuresService(app: FastifyInstance) {
  const { db } = app;
  return {
    async figures(input: FiguresQuery): Promise<Figures> {
      const query = QuerySchema.parse(input);
      const { rows, raw } = await figureRows(db, query);
      return { by: query.by, from: query.from, to: query.to, rows, totals: await figureTotals(db, query, raw) };
    },

    async csv(input: FiguresQuery): Promise<string> {
      const { rows } = await this.figures(input);
      // Numbers and dates only: nothing a spreadsheet could run.
      return [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((column) => row[column] ?? '').join(','))].join('\r\n') + '\r\n';
    },
  };
}

export default fp(async (app: FastifyInstance) => void app.decorate('figures', figuresService(app)), { name: 'figures', dependencies: ['db'] });
