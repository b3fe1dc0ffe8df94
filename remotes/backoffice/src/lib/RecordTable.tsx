import type { Key, ReactNode } from 'react';
import styles from './console.module.css';

export interface RecordColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures align right, header and cells alike. */
  numeric?: boolean;
  /** The column's cells' own class (a column of buttons). */
  className?: string;
}

/**
 * A plain table of records (a customer's orders, sales, listings, sign-ins): a caption-less table whose
 * first column heads its row when `rowHeader` (the record's number), scrolling sideways on a phone.
 */
export function RecordTable<Row>({ columns, rows, rowKey, rowHeader = true }: { columns: RecordColumn<Row>[]; rows: Row[]; rowKey: (row: Row, index: number) => Key; rowHeader?: boolean }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? styles.number : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column, at) => {
                const className = [column.numeric ? styles.number : '', column.className ?? ''].filter(Boolean).join(' ') || undefined;
                return at === 0 && rowHeader ? (
                  <th key={column.header} scope="row" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
