/** A timestamp column as the back office's answers carry it: ISO 8601 in UTC, to the millisecond, written by the database. */
export const isoColumn = (column: string) => `to_char((${column}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
