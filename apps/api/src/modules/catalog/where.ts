/**
 * The one WHERE builder of the catalogue queries: clauses joined by AND, each value a numbered
 * parameter. Builders may share one parameter list (pass it to the constructor), so a statement
 * with two WHERE parts numbers its parameters once.
 */
export class Where {
  clauses: string[] = [];
  constructor(public params: unknown[] = []) {}

  /** A clause without a value (a fixed condition). */
  is(clause: string) {
    this.clauses.push(clause);
  }

  /** A clause about one value: `clause` receives the value's placeholder ($n). */
  add(clause: (p: string) => string, value: unknown) {
    this.clauses.push(clause(this.param(value)));
  }

  /** Adds a value to the parameters and returns its placeholder (for LIMIT, OFFSET, ...). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  sql() {
    return this.clauses.join(' AND ');
  }
}
