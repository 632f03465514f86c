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
 */

/** What a connection's statement offers to the client (libsql's `Statement`). */
interface Statement {
  columns(): Array<{ name: string; type?: string | null }>;
  all(...args: unknown[]): unknown[];
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

/** Make `connection.prepare` hand back kept statements (see above). */
export function keepStatements(connection: Connection) {
  const prepare = connection.prepare.bind(connection);
  const kept = new Map<string, Statement>();
  let generation = schemaGeneration;
  connection.prepare = (sql: string) => {
    if (SCHEMA.test(sql)) schemaGeneration++;
    if (generation !== schemaGeneration) {
      kept.clear();
      generation = schemaGeneration;
    }
    if (!KEPT.test(sql)) return prepare(sql);
    const found = kept.get(sql);
    if (found) {
      kept.delete(sql); // to the end: the most recently used
      kept.set(sql, found);
      return found;
    }
    const statement = describedOnce(prepare(sql), () => kept.delete(sql));
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
