/**
 * How this process's embedded clients use their connections (the client's `ConnectionPool`, changed here once
 * for every client): each connection's settings and kept statements, one connection shared by every call that
 * is not a transaction, and no connection lent again with a statement left unfinished.
 */
import { ConnectionPool } from "@libsql/client/sqlite3";
import { keepStatements } from "./statements";

type Connection = ReturnType<ConnectionPool["acquireSync"]>;

/**
 * Per-connection settings. WAL with synchronous=NORMAL: a commit is not fsynced on its own (the WAL is, at
 * checkpoints). A commit survives the process being killed (the durability suite, kill -9); an OS crash or a
 * power cut can lose the last commits (never corrupt the file). FULL fsynced every commit: about 4 ms of
 * blocked event loop per write, which made every request wait behind the writes under load (decision 033).
 * The writes a user must find again after a power cut await `durable()` (an fsync of the WAL off the event
 * loop, decision 068). busy_timeout rides out short locks; foreign_keys makes ON DELETE CASCADE hold.
 */
const connectionSettings = () =>
  `PRAGMA busy_timeout = ${busyTimeoutMs}; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;`;
let busyTimeoutMs = 5000;

/**
 * How long a statement of this thread waits inside SQLite for another connection's write lock (the places
 * import thread's, the request log's) before failing with SQLITE_BUSY, for the connections opened after the
 * call. SQLite waits synchronously: on the thread that answers requests, every request would wait with it. The
 * server sets a short wait, and `whenNotBusy` (./client.ts) runs the statement again after an asynchronous
 * pause. Returns the wait it replaces.
 */
export function setBusyTimeout(ms: number): number {
  const previous = busyTimeoutMs;
  busyTimeoutMs = ms;
  return previous;
}

/**
 * A call borrows a connection, opening a new one when every other is busy or held by a transaction. Settings
 * made with `execute` reach only the connection that ran it, so every connection the pool opens gets them here,
 * before its first use. Without this, concurrent requests ran on connections with synchronous=FULL and no
 * busy_timeout (docs/decisions/033).
 */
const configured = new WeakSet<object>();
/** Connections with a statement left unfinished by SQLITE_BUSY (./statements.ts): closed when given back. */
const unfinished = new WeakSet<object>();
const acquireSync = ConnectionPool.prototype.acquireSync;
ConnectionPool.prototype.acquireSync = function (this: ConnectionPool, forTransaction?: boolean) {
  const connection = acquireSync.call(this, forTransaction);
  if (!configured.has(connection)) {
    try {
      connection.exec(connectionSettings());
    } catch (error) {
      this.release(connection); // not left borrowed: the pool would count it as busy for ever
      throw error;
    }
    keepStatements(connection, () => unfinished.add(connection));
    configured.add(connection);
  }
  return connection;
};

/**
 * One connection for every call that is not a transaction (execute, batch, executeMultiple, migrate). Such a
 * call borrows its connection, then, after one await, runs to its end without another and gives it back: two of
 * them never run on one connection at once. The pool lent each concurrent call a connection of its own (it
 * borrows before the await): 32 concurrent searches spread over 20 connections, each with its own page cache
 * and prepared statements, cold, and a search cost about twice its CPU alone (docs/decisions/072-connections-and-search-cpu.md). A
 * transaction (`client.transaction`) holds its connection across awaits and still gets one of its own.
 */
interface Lent {
  connection: Connection;
  /** Calls given the connection and not yet done with it. */
  users: number;
}
/** The connection each pool lends to every call that is not a transaction. */
const shared = new WeakMap<ConnectionPool, Lent>();
/** Every connection lent so (the current and those no longer lent, until their last call is done). */
const lent = new WeakMap<Connection, Lent>();
const acquire = ConnectionPool.prototype.acquire;
ConnectionPool.prototype.acquire = function (this: ConnectionPool, forTransaction = false) {
  if (forTransaction) return acquire.call(this, true);
  const current = shared.get(this);
  if (current?.connection.open) {
    current.users++;
    return Promise.resolve(current.connection);
  }
  return acquire.call(this, false).then((borrowed) => {
    // The first call's connection stays borrowed, lent to every call after it (calls made meanwhile keep theirs).
    if (!shared.get(this)?.connection.open) {
      const share = { connection: borrowed, users: 1 };
      shared.set(this, share);
      lent.set(borrowed, share);
    }
    return borrowed;
  });
};

/**
 * Given back: the shared connection stays lent (what a failed batch left open is rolled back, as the pool does
 * before lending a connection again). A connection that holds an unfinished statement would fail every later
 * COMMIT ("SQL statements in progress"): it is lent no more, and closed once its last call is done (its open
 * transaction, if any, rolled back with it); the pool, which drops closed connections, opens a fresh one when it
 * needs one.
 */
const release = ConnectionPool.prototype.release;
ConnectionPool.prototype.release = function (this: ConnectionPool, connection: Connection) {
  const share = lent.get(connection);
  if (share) {
    share.users--;
    if (unfinished.has(connection) || !connection.open) retire(this, share);
    else if (connection.inTransaction) {
      try {
        connection.prepare("ROLLBACK").run();
      } catch {
        retire(this, share);
      }
    }
    if (shared.get(this) === share || share.users > 0) return;
    lent.delete(connection);
  }
  if (unfinished.has(connection)) {
    unfinished.delete(connection);
    closeQuietly(connection);
  }
  release.call(this, connection);
};

/** Lend `share`'s connection no more (closed when its last call gives it back). */
function retire(pool: ConnectionPool, share: Lent) {
  if (shared.get(pool) === share) shared.delete(pool);
}

function closeQuietly(connection: Connection) {
  try {
    connection.close();
  } catch {
    // Closed already, or unusable: the pool drops it either way.
  }
}
