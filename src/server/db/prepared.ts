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
