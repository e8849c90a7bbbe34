import { Column, getTableColumns, is, noopDecoder, SQL, sql, type DriverValueDecoder, type Table } from 'drizzle-orm';

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
      fields: unknown,
      name: string,
      arrayMode: boolean,
    ): { execute(values: Record<string, unknown>): Promise<{ rows: unknown[] } | unknown[]> };
  };
  readonly dialect: { sqlToQuery(sql: unknown): unknown };
}

/**
 * What a raw statement's columns are read as: drizzle columns (mapped as drizzle maps them: dates,
 * bigints, ...), nested one level for several tables (`{ w: getTableColumns(withdrawals), ... }`),
 * or `sql```, a value taken as the driver gives it. The statement selects them in this order.
 */
export type RowShape = Record<string, Column | SQL | Record<string, Column | SQL>>;

/** A shape as drizzle's list of selected fields (path and decoder), in order. */
function fieldsOf(shape: RowShape): { path: string[]; field: Column | SQL }[] {
  return Object.entries(shape).flatMap(([key, value]) =>
    is(value, Column) || is(value, SQL) ? [{ path: [key], field: value }] : Object.entries(value).map(([inner, field]) => ({ path: [key, inner], field })),
  );
}

/** Each statement's query (text and parameters), built once per process: the same for every handle (one dialect). */
const queries = new Map<string, { query: unknown; fields: unknown }>();

/**
 * prepared() for a statement drizzle's builders cannot express (a write in one statement with
 * data-modifying CTEs, decision 039): the SQL, with `sql.placeholder`s for everything that varies,
 * is turned into a query once per process and sent as the named statement `name` (PostgreSQL parses
 * and plans it once per connection; PGlite runs the text). Without `shape`, rows come back as the
 * driver gives them (no mapping): select text columns and convert them. With `shape`, the columns
 * (selected in its order) are mapped to its keys as drizzle maps a select (decision 041).
 *
 * The text is kept per process, not per handle: a transaction is a new handle each time, and only
 * binding the kept query to it is left per transaction.
 */
export function preparedSql<Row>(db: object, name: string, build: () => unknown, shape?: RowShape): PreparedSql<Row> {
  return prepared(db, `sql:${name}`, () => {
    const handle = db as unknown as SessionOf;
    let built = queries.get(name);
    if (!built) {
      built = { query: handle.dialect.sqlToQuery(build()), fields: shape ? fieldsOf(shape) : undefined };
      queries.set(name, built);
    }
    const query = handle.session.prepareQuery(built.query, built.fields, name, shape !== undefined);
    return {
      async execute(values: Record<string, unknown>): Promise<Row[]> {
        const result = await query.execute(values);
        return (Array.isArray(result) ? result : result.rows) as Row[];
      },
    };
  });
}

/** The columns of `table` as `alias."column", ...`, in the order of getTableColumns (a RowShape's order). */
export function columnList(alias: string, table: Table): SQL {
  return sql.raw(
    Object.values(getTableColumns(table))
      .map((column) => `${alias}."${column.name}"`)
      .join(', '),
  );
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

/** Columns a JSON object keeps as JSON gives them (numbers that fit a double, booleans, JSON); every other column is sent as its text. */
const JSON_NATIVE = new Set(['PgInteger', 'PgSmallInt', 'PgSerial', 'PgSmallSerial', 'PgBoolean', 'PgJson', 'PgJsonb', 'PgReal', 'PgDoublePrecision']);

/**
 * A row of `table` (under `alias`) as one JSON object keyed by the columns' TS names, for a
 * json_agg or a json_build_object of a raw statement: bigints, numerics, dates and timestamps as
 * their text (as the driver gives them in a plain select; a bigint as a JSON number could lose
 * precision), so jsonRowMapper maps each as drizzle maps a select. At most 50 columns (a
 * function's 100 arguments).
 */
export function jsonRow(alias: string, table: Table): SQL {
  const columns = Object.entries(getTableColumns(table));
  // json_build_object takes a key and a value a column: PostgreSQL's limit of 100 arguments.
  if (columns.length > 50) throw new RangeError(`jsonRow: ${columns.length} columns, at most 50 fit one json_build_object`);
  const pairs = columns.map(([key, column]) => {
    const value = `${alias}."${column.name}"`;
    return `'${key}', ${JSON_NATIVE.has(column.columnType) ? value : `${value}::text`}`;
  });
  return sql.raw(`json_build_object(${pairs.join(', ')})`);
}

/** Maps an object of jsonRow to the table's row type: each column's mapFromDriverValue (a bigint's text to a bigint, a timestamp's to a Date), null left null. */
export function jsonRowMapper<T extends Table>(table: T): (object: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table));
  return (object) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = object[key];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return out as T['$inferSelect'];
  };
}
