/**
 * Statements built once per database handle (decision 036): a hot read's query is built by drizzle
 * on its first use and kept, with `.prepare(name)`, so a request only fills in its parameters. On
 * PostgreSQL the name makes it a named prepared statement: node-postgres parses it once per pooled
 * connection and the server plans it once per connection (a generic plan after a few runs) instead
 * of on every request. PGlite runs the same text unnamed.
 *
 * A name belongs to one call site: two builders under one name would send two texts under one
 * PostgreSQL statement name, which the server refuses (prepared.test.ts checks the names in src/).
 * Only for statements whose text never varies (the parameters are `sql.placeholder`s).
 */
const cache = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: object, name: string, build: () => T): T {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build();
    statements.set(name, statement);
  }
  return statement;
}

/** A statement of raw SQL built once per database handle and sent under a name (preparedSql). */
export interface PreparedSql<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

interface SessionOf {
  readonly session: {
    prepareQuery(
      query: unknown,
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(values: Record<string, unknown>): Promise<{ rows: unknown[] } | unknown[]> };
  };
  readonly dialect: { sqlToQuery(sql: unknown): unknown };
}

/**
 * prepared() for a statement drizzle's builders cannot express (a write in one statement with
 * data-modifying CTEs, decision 039): the SQL, with `sql.placeholder`s for everything that varies,
 * is turned into a query once per handle and sent as the named statement `name` (PostgreSQL parses
 * and plans it once per connection; PGlite runs the text). Rows come back as the driver gives them
 * (no mapping): select text columns and convert them.
 */
export function preparedSql<Row>(db: object, name: string, build: () => unknown): PreparedSql<Row> {
  return prepared(db, `sql:${name}`, () => {
    const handle = db as unknown as SessionOf;
    const query = handle.session.prepareQuery(handle.dialect.sqlToQuery(build()), undefined, name, false);
    return {
      async execute(values: Record<string, unknown>): Promise<Row[]> {
        const result = await query.execute(values);
        return (Array.isArray(result) ? result : result.rows) as Row[];
      },
    };
  });
}
