/**
 * Prepared statements kept per connection, by their SQL text. The embedded client prepares every statement it
 * runs again, and reads its column descriptions twice (each `execute`): for a place search's short statements
 * that was about a third of their cost. A connection's `prepare` here hands back the statement it prepared
 * before for the same text (SQLite resets a statement before it runs again, and prepares it again by itself when
 * the schema changed), with its column descriptions read once.
 *
 * Only reads and row writes are kept (SELECT, WITH, INSERT, UPDATE, DELETE, REPLACE): a statement that changes
 * the schema (CREATE, ALTER, DROP) empties every connection's cache before it runs. A schema changed by another
 * process is noticed when a row comes back with another number of columns than the kept description: the
 * statement is dropped and the call fails with `StaleStatement`, which `openDatabase` runs again once, on a
 * statement prepared anew.
 *
 * A statement that failed with SQLITE_BUSY (another connection held the write lock) is not finished: SQLite
 * keeps it ready to try again, and counts it as a write in progress on its connection until it is reset or
 * finalized. Every later COMMIT on that connection then fails with "cannot commit transaction - SQL statements
 * in progress" (SQLITE_BUSY again, so the retries met it each time: guest sign-ins answered 500), and a later
 * write there ends without being committed (it waits for the stopped one), holding the write lock. libsql offers
 * no reset, and running the statement again would repeat its write: such a statement is dropped from the cache
 * and its connection reported (`onUnfinished`), which the pool closes instead of lending it again
 * (docs/decisions/072-connections-and-search-cpu.md); until then the connection runs nothing more: a call that
 * was already given it fails with `Unfinished` (an SQLITE_BUSY, run again elsewhere by `whenNotBusy`). Other
 * failures end the statement, and reads in progress do not hold up a COMMIT.
 */

/** What a connection's statement offers to the client (libsql's `Statement`). */
interface Statement {
  columns(): Array<{ name: string; type?: string | null }>;
  all(...args: unknown[]): unknown[];
  run(...args: unknown[]): unknown;
}
interface Connection {
  prepare(sql: string): Statement;
}

/** Statements kept at most per connection (least recently used dropped first). */
const PER_CONNECTION = 200;
const KEPT = /^\s*(SELECT|WITH|INSERT|UPDATE|DELETE|REPLACE)\b/i;
const SCHEMA = /^\s*(CREATE|ALTER|DROP)\b/i;
/** Bumped by any schema change in this process: every connection's cache is emptied before its next statement. */
let schemaGeneration = 0;

/** A kept statement's rows did not match its kept columns: the schema changed; run the call again. */
export class StaleStatement extends Error {
  constructor() {
    super("A table changed while its statement was kept: the statement is prepared again");
  }
}

/** The connection holds a statement stopped by a lock: the call is refused before it runs, to run again elsewhere. */
export class Unfinished extends Error {
  readonly code = "SQLITE_BUSY";
  constructor() {
    super("SQLITE_BUSY: a statement stopped by a lock is left on this connection; the call runs on another one");
  }
}

/** SQLITE_BUSY or one of its extended codes (BUSY_SNAPSHOT, BUSY_RECOVERY, BUSY_TIMEOUT), by code or by text. */
export const isBusy = (error: unknown) =>
  error instanceof Error &&
  /SQLITE_BUSY|database is locked/.test(`${(error as { code?: string }).code ?? ""} ${error.message}`);

/**
 * Make `connection.prepare` hand back kept statements, and call `onUnfinished` when one of its statements
 * (kept or not) failed with SQLITE_BUSY and stays unfinished (see above).
 */
export function keepStatements(connection: Connection, onUnfinished: () => void) {
  const prepare = connection.prepare.bind(connection);
  const kept = new Map<string, Statement>();
  let generation = schemaGeneration;
  let stopped = false;
  const unfinished = () => {
    stopped = true;
    onUnfinished();
  };
  connection.prepare = (sql: string) => {
    if (stopped) throw new Unfinished();
    if (SCHEMA.test(sql)) schemaGeneration++;
    if (generation !== schemaGeneration) {
      kept.clear();
      generation = schemaGeneration;
    }
    if (!KEPT.test(sql)) return reportingBusy(prepare(sql), unfinished);
    const found = kept.get(sql);
    if (found) {
      kept.delete(sql); // to the end: the most recently used
      kept.set(sql, found);
      return found;
    }
    const drop = () => kept.delete(sql);
    const statement = reportingBusy(describedOnce(prepare(sql), drop), () => {
      drop();
      unfinished();
    });
    kept.set(sql, statement);
    if (kept.size > PER_CONNECTION) kept.delete(kept.keys().next().value!);
    return statement;
  };
}

/** `statement` with its column descriptions read once, and a check of each answer's width against them. */
function describedOnce(statement: Statement, drop: () => void): Statement {
  const columns = statement.columns.bind(statement);
  const all = statement.all.bind(statement);
  let described: ReturnType<Statement["columns"]> | undefined;
  statement.columns = () => {
    described ??= columns();
    return described;
  };
  statement.all = (...args: unknown[]) => {
    const rows = all(...args);
    const first = rows[0];
    if (described && Array.isArray(first) && first.length !== described.length) {
      drop();
      throw new StaleStatement();
    }
    return rows;
  };
  return statement;
}

/** `statement` whose runs that fail with SQLITE_BUSY call `unfinished` before the failure goes on. */
function reportingBusy(statement: Statement, unfinished: () => void): Statement {
  const all = statement.all.bind(statement);
  const run = statement.run.bind(statement);
  const reporting =
    <A extends unknown[], R>(call: (...args: A) => R) =>
    (...args: A): R => {
      try {
        return call(...args);
      } catch (error) {
        if (isBusy(error)) unfinished();
        throw error;
      }
    };
  statement.all = reporting(all);
  statement.run = reporting(run);
  return statement;
}
