import type { FigureRow } from '@preloved/contract';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * GMV (bars, euros) and orders (line) by period: Recharts, in a chunk of its own (the figures page
 * loads it lazily). Fixed size, scrolled sideways on a phone; the page's table is its text alternative.
 */
export default function FiguresChart({ rows, labels }: { rows: FigureRow[]; labels: { gmv: string; orders: string } }) {
  const width = Math.max(640, rows.length * 28);
  return (
    <ComposedChart width={width} height={300} data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
      <CartesianGrid strokeDasharray="3 3" stroke="#e3ddd4" />
      <XAxis dataKey="period" tick={{ fontSize: 12 }} />
      <YAxis yAxisId="gmv" tick={{ fontSize: 12 }} />
      <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} />
      <Tooltip />
      <Legend />
      <Bar yAxisId="gmv" dataKey="gmv" name={labels.gmv} fill="#7a4b2a" />
      <Line yAxisId="orders" dataKey="orders" name={labels.orders} stroke="#1d1b19" dot={false} />
    </ComposedChart>
  );
}
