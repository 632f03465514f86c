// One job: the paged users and activities tables of the admin screen.
// Every figure is defined in docs/decisions/021-admin-metrics.md; the SQL below is that record, written out.
import type { Client, InValue } from "@libsql/client";
import type { ActivitiesQuery, AdminActivityRow, AdminUserRow, UsersQuery } from "./model";
import { num, one, rows } from "./sql";

const SORT_COLUMNS: Record<UsersQuery["sort"], string> = {
  createdAt: "u.created_at",
  username: "u.username COLLATE NOCASE",
  email: "u.email",
  favoritesCount: "s.favorites_count",
  activitiesCount: "s.activities_count",
  lastActivity: "s.last_activity",
};

/**
 * One page of the users table (guests apart: `guests=only` lists them), with the totals for the headers.
 * Every user has a rollup row (trigger at insert, backfilled by migration 0006), so the join is inner and each
 * sort walks one index: (is_guest, created_at | username | email) or (count/last, user_id) of the rollup.
 */
export async function listUsers(
  client: Client,
  query: UsersQuery,
): Promise<{ users: AdminUserRow[]; total: number; registered: number; guests: number }> {
  const guest = query.guests === "only" ? 1 : 0;
  const where: string[] = [`u.is_guest = ${guest}`];
  const args: InValue[] = [];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push("(u.username LIKE ? ESCAPE '\\' OR u.email LIKE ? ESCAPE '\\')");
    args.push(like, like);
  }
  const direction = query.order === "asc" ? "ASC" : "DESC";
  const column = SORT_COLUMNS[query.sort];
  const onRollup = column.startsWith("s.");
  // A search matches few rows: it reads the (is_guest, username, email) index once and sorts the matches ("+"
  // keeps SQLite off the sort index).
  const order = query.q ? `+${column.split(" ")[0]}${column.includes("NOCASE") ? " COLLATE NOCASE" : ""}` : column;
  const tie = onRollup ? "s.user_id" : "u.id";
  const list = await rows(
    client,
    `SELECT u.id, u.username, u.email, u.created_at, u.is_guest, s.favorites_count AS favorites,
            s.activities_count AS activities, s.last_activity${query.q ? ", count(*) OVER () AS matches" : ""}
     FROM ${onRollup && !query.q ? "admin_user_stats s JOIN users u ON u.id = s.user_id" : `users u ${query.q ? "INDEXED BY users_guest_search_idx " : ""}JOIN admin_user_stats s ON s.user_id = u.id`}
     WHERE ${where.join(" AND ")}
     ORDER BY ${order} ${direction}, ${tie} ${direction}
     LIMIT ? OFFSET ?`,
    [...args, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const registered = await one(client, "SELECT count(*) FROM users WHERE is_guest = 0");
  const guests = await one(client, "SELECT count(*) FROM users WHERE is_guest = 1");
  // A search counts its matches in the same scan (a page past the end has no row to carry it: count apart).
  const total = !query.q
    ? guest
      ? guests
      : registered
    : list.length
      ? num(list[0]!.matches)
      : await one(
          client,
          `SELECT count(*) FROM users u INDEXED BY users_guest_search_idx WHERE ${where.join(" AND ")}`,
          args,
        );
  return {
    users: list.map((r) => ({
      id: num(r.id),
      username: r.username === null ? null : String(r.username),
      email: r.email === null ? null : String(r.email),
      createdAt: new Date(num(r.created_at)).toISOString(),
      favoritesCount: num(r.favorites),
      activitiesCount: num(r.activities),
      lastActivity: r.last_activity === null ? null : new Date(num(r.last_activity)).toISOString(),
      isGuest: num(r.is_guest) === 1,
    })),
    total,
    registered,
    guests,
  };
}

/** Recent activities, newest first, with who did them. */
export async function listActivities(
  client: Client,
  query: ActivitiesQuery,
): Promise<{ activities: AdminActivityRow[]; total: number }> {
  const list = await rows(
    client,
    `SELECT a.id, a.user_id, u.username, u.email, a.activity_type, a.city_name, a.city_state, a.created_at
     FROM activities a JOIN users u ON u.id = a.user_id
     ORDER BY a.created_at DESC, a.id DESC LIMIT ? OFFSET ?`,
    [query.pageSize, (query.page - 1) * query.pageSize],
  );
  const total = await one(client, "SELECT coalesce(sum(activities_count), 0) FROM admin_user_stats");
  return {
    activities: list.map((r) => ({
      id: num(r.id),
      userId: num(r.user_id),
      username: r.username === null ? null : String(r.username),
      email: r.email === null ? null : String(r.email),
      activityType: String(r.activity_type),
      cityName: r.city_name === null ? null : String(r.city_name),
      cityState: r.city_state === null ? null : String(r.city_state),
      createdAt: new Date(num(r.created_at)).toISOString(),
    })),
    total,
  };
}
