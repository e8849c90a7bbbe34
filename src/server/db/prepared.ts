import { Column, is, noopDecoder, sql, type DriverValueDecoder, type SQL } from 'drizzle-orm';
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

/** What a raw statement (preparedSql) selects: drizzle columns, and sql expressions (`.mapWith(column)` to map them as that column). */
export type RawColumns = Record<string, Column | SQL>;

/** A row of RawColumns as rawRowMapper maps it: a column's value or an expression's, either null (an outer join, a null expression). */
export type RawRow<C extends RawColumns> = { [K in keyof C]: C[K] extends Column ? C[K]['_']['data'] | null : C[K] extends SQL<infer T> ? T | null : never };

/** The select list of RawColumns: each one `as "<prefix><key>"`, so the driver's row has the keys rawRowMapper reads. */
export function rawSelectList(columns: RawColumns, prefix = ''): SQL {
  return sql.join(
    Object.entries(columns).map(([key, column]) => sql`${column} as ${sql.identifier(prefix + key)}`),
    sql`, `,
  );
}

/**
 * Maps a driver's row of RawColumns as drizzle would (each column's mapFromDriverValue, an
 * expression's mapWith decoder, null left null) without drizzle's per-row machinery
 * (mapResultRow walks every field's path and join nullability on each row). Build it once, with
 * the statement.
 */
export function rawRowMapper<C extends RawColumns>(columns: C, prefix = ''): (row: Record<string, unknown>) => RawRow<C> {
  const decoders = Object.entries(columns).map(([key, column]) => {
    // An expression's decoder is set by mapWith (drizzle does not type the field); noopDecoder otherwise.
    const mapped = is(column, Column) ? column : (column as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;
    const decoder = mapped === noopDecoder ? null : mapped;
    return [key, prefix + key, decoder] as const;
  });
  return (row) => {
    const out: Record<string, unknown> = {};
    for (const [key, name, decoder] of decoders) {
      const value = row[name];
      out[key] = value === null || value === undefined ? null : decoder ? decoder.mapFromDriverValue(value) : value;
    }
    return out as RawRow<C>;
  };
}
