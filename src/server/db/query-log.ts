/**
 * Counts the statements the app sends to the database and its sequential round trips (a statement
 * sent while none is in flight starts a new round trip; statements sent together, as
 * Promise.all does, share one). Given to openDatabase, which wraps the client's query method with
 * it: the statement budgets (bench/statement-budgets.ts) and bench/ read it. Without one
 * the client is not wrapped at all.
 */
export class QueryLog {
  /** Statements sent since the last reset. */
  queries = 0;
  /** Sequential round trips since the last reset. */
  roundTrips = 0;
  /** The statements' SQL text since the last reset (for a failing test's message). */
  readonly statements: string[] = [];
  /** Each statement's parameters, in the order of `statements` (bench/lists.ts explains them). */
  readonly parameters: unknown[][] = [];
  private inFlight = 0;

  reset(): void {
    this.queries = 0;
    this.roundTrips = 0;
    this.statements.length = 0;
    this.parameters.length = 0;
  }

  /** Records a statement being sent; call the returned function when its answer arrives. */
  start(text: string, parameters: unknown[] = []): () => void {
    this.queries += 1;
    if (this.inFlight === 0) this.roundTrips += 1;
    this.inFlight += 1;
    this.statements.push(text);
    this.parameters.push(parameters);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.inFlight -= 1;
    };
  }
}

type QueryFn = (...args: unknown[]) => unknown;

function parametersOf(args: unknown[]): unknown[] {
  const first = args[0];
  if (first && typeof first === 'object' && 'values' in first && Array.isArray((first as { values: unknown }).values))
    return (first as { values: unknown[] }).values;
  return Array.isArray(args[1]) ? (args[1] as unknown[]) : [];
}

function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first && typeof (first as { text: unknown }).text === 'string') return (first as { text: string }).text;
  return String(first);
}

/**
 * Replaces `target.query` by a counting one. Handles the promise form and node-postgres's callback
 * form (pg-pool's pool.query calls client.query with a callback).
 */
export function countQueries(target: { query: QueryFn }, log: QueryLog): void {
  const original = target.query.bind(target) as QueryFn;
  target.query = (...args: unknown[]) => {
    const end = log.start(textOf(args[0]), parametersOf(args));
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      const callback = last as QueryFn;
      args[args.length - 1] = (...cbArgs: unknown[]) => {
        end();
        return callback(...cbArgs);
      };
      return original(...args);
    }
    try {
      const result = original(...args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        return (result as Promise<unknown>).finally(end);
      }
      end();
      return result;
    } catch (error) {
      end();
      throw error;
    }
  };
}
