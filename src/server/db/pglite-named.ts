import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

type RowDescription = InstanceType<typeof protocol.messages.RowDescriptionMessage>;
type ParameterDescription = InstanceType<typeof protocol.messages.ParameterDescriptionMessage>;

/** How many times a statement's text is run the ordinary way before it is kept as a named statement. */
export const NAME_AFTER_RUNS = 2;
/** The most named statements kept per database (the oldest is deallocated beyond). */
export const MAX_NAMED = 256;

interface Named {
  readonly name: string;
  readonly paramTypes: readonly number[];
  /** The statement's row description (none for a statement without rows). */
  readonly rows: RowDescription | null;
}

/**
 * Named statements for the embedded database (decision 040). PGlite's `query` sends every
 * statement unnamed, so PostgreSQL (in WebAssembly, on the server's own thread) parses and plans it
 * on every run: for a hot read of five joins that was most of its time. This wraps the client's
 * `query` (top-level statements only: a transaction's statements go through its own `query`) so
 * that a text run more than NAME_AFTER_RUNS times is parsed and described once as a named statement
 * and then only bound and executed, as node-postgres does with drizzle's `.prepare(name)` on
 * PostgreSQL (decision 036). Same results (PGlite's own parsers, the caller's parser options), same
 * errors (a database error is thrown as PGlite throws it), same locks (PGlite's query and
 * transaction locks) and the same write to the data directory after a statement.
 */
export function useNamedStatements(client: PGlite): void {
  const runs = new Map<string, number>();
  const named = new Map<string, Named>();
  let next = 0;
  const plain = client.query.bind(client) as PGlite['query'];

  async function prepare(text: string): Promise<Named> {
    const name = `tapat_n${(next += 1)}`;
    const messages = await client.execProtocolStream(
      concat(protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()),
      { syncToFs: false },
    );
    const params = messages.find((m): m is ParameterDescription => m.name === 'parameterDescription');
    const rows = messages.find((m): m is RowDescription => m.name === 'rowDescription') ?? null;
    const statement = { name, paramTypes: params?.dataTypeIDs ?? [], rows };
    named.set(text, statement);
    if (named.size > MAX_NAMED) await forget(named.keys().next().value as string);
    return statement;
  }

  /** Deallocates a kept statement (call under PGlite's query lock). */
  async function forget(text: string): Promise<void> {
    const statement = named.get(text);
    if (!statement) return;
    named.delete(text);
    await client.execProtocolStream(concat(protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()), { syncToFs: false });
  }

  async function runNamed(statement: Named, params: readonly unknown[], options: QueryOptions | undefined): Promise<Results> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serialize = options?.serializers?.[type] ?? client.serializers[type];
      return serialize ? serialize(value) : String(value);
    });
    const messages = await client.execProtocolStream(
      concat(protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()),
      { syncToFs: false },
    );
    return parse.parseResults(statement.rows ? [statement.rows, ...messages] : messages, client.parsers, options)[0]!;
  }

  client.query = (async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    const statement = named.get(text);
    const seen = statement ? NAME_AFTER_RUNS : (runs.get(text) ?? 0);
    if (!statement && seen < NAME_AFTER_RUNS) {
      if (runs.size > MAX_NAMED * 4) runs.clear();
      runs.set(text, seen + 1);
      return plain<T>(text, params, options);
    }
    await client._checkReady();
    try {
      return await client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const kept = named.get(text) ?? (await prepare(text));
          const result = await runNamed(kept, params, options);
          await client.syncToFs();
          return result as Results<T>;
        }),
      );
    } catch (error) {
      // A table changed under a kept statement ("cached plan must not change result type"): forget it and run the text afresh.
      if ((error as { code?: string }).code !== '0A000' || !named.has(text)) throw error;
      await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => forget(text)));
      runs.delete(text);
      return plain<T>(text, params, options);
    }
  }) as PGlite['query'];
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
