import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { AdminUserRow } from "../../../modules/admin";
import { apiResponse } from "../../api";
import { date, dateTime, fmt, ON_FOCUS } from "./parts";

/** The admin panel's Users tab: a searchable, sortable, paged table of accounts or guests. */
const SORTABLE: Array<{ key: string; label: string }> = [
  { key: "username", label: "User" },
  { key: "email", label: "Email" },
  { key: "createdAt", label: "Joined" },
  { key: "favoritesCount", label: "Favorites" },
  { key: "activitiesCount", label: "Activities" },
  { key: "lastActivity", label: "Last Active" },
];
const PAGE_SIZE = 20;

async function fetchUsers(params: URLSearchParams, signal: AbortSignal) {
  const { data, headers } = await apiResponse<AdminUserRow[]>("GET", `/api/admin/users?${params}`, undefined, signal);
  return {
    users: data,
    total: Number(headers.get("x-total-count") ?? 0),
    registered: Number(headers.get("x-registered-count") ?? 0),
    guests: Number(headers.get("x-guest-count") ?? 0),
  };
}

export function UsersTab() {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState({ key: "createdAt", order: "desc" as "asc" | "desc" });
  const [guests, setGuests] = useState(false);
  const [input, setInput] = useState("");
  const [search, setSearch] = useState("");
  // A new search (typed, 250 ms quiet) starts at page 1; nothing else resets the page (a quick "Next" right
  // after the tab opened was undone by this timer when it also ran for an unchanged, empty search).
  useEffect(() => {
    const next = input.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [input, search]);
  const params = new URLSearchParams({
    page: String(page),
    pageSize: String(PAGE_SIZE),
    sort: sort.key,
    order: sort.order,
    guests: guests ? "only" : "exclude",
  });
  if (search) params.set("q", search);
  const users = useQuery({
    queryKey: ["admin", "users", params.toString()],
    queryFn: ({ signal }) => fetchUsers(params, signal),
    placeholderData: keepPreviousData,
    ...ON_FOCUS,
  });
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / PAGE_SIZE)) : 1;
  const toggleSort = (key: string) => {
    setSort((s) =>
      s.key === key
        ? { key, order: s.order === "asc" ? "desc" : "asc" }
        : { key, order: key === "username" || key === "email" ? "asc" : "desc" },
    );
    setPage(1);
  };

  return (
    <section className="card flex flex-col gap-3 p-4" data-testid="users-tab">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold" data-testid="users-title">
          {guests
            ? `Guests (${users.data ? fmt(users.data.guests) : "…"})`
            : `All Users (${users.data ? fmt(users.data.registered) : "…"})`}
        </h2>
        <button
          type="button"
          aria-pressed={guests}
          onClick={() => {
            setGuests((g) => !g);
            setPage(1);
          }}
          className="rounded-full px-3 py-1 text-sm font-medium ring-1 ring-line hover:bg-black/5 focus-ring dark:hover:bg-white/10"
        >
          {guests ? "Show accounts" : `Show guests${users.data ? ` (${fmt(users.data.guests)})` : ""}`}
        </button>
      </div>
      <label className="flex flex-col gap-1 text-sm">
        <span>Search by name or email</span>
        <input
          type="search"
          value={input}
          maxLength={100}
          onChange={(e) => setInput(e.target.value)}
          className="rounded-lg border border-line bg-surface px-3 py-2 text-ink focus-ring"
          data-testid="users-search"
        />
      </label>
      {users.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-2" data-testid="users-loading">
          {Array.from({ length: 5 }, (_, i) => (
            <span key={i} className="ls-skeleton h-8 w-full" />
          ))}
        </div>
      ) : users.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {`Failed to load users: ${users.error.message}`}
        </p>
      ) : users.data.users.length === 0 ? (
        <div className="py-6 text-center" data-testid="users-empty">
          <p className="font-semibold">No users found</p>
          <p className="text-sm text-ink-soft">Users will appear here once they register.</p>
        </div>
      ) : (
        <>
          <div className="overflow-x-auto focus-ring" tabIndex={0} role="region" aria-label="Users table">
            <table className="w-full min-w-[640px] text-left text-sm" data-testid="users-table">
              <thead>
                <tr className="border-b border-line">
                  {SORTABLE.map((c) => (
                    <th
                      key={c.key}
                      scope="col"
                      aria-sort={sort.key === c.key ? (sort.order === "asc" ? "ascending" : "descending") : undefined}
                      className="py-2 pr-3"
                    >
                      <button
                        type="button"
                        onClick={() => toggleSort(c.key)}
                        className="font-semibold hover:text-primary focus-ring"
                      >
                        {c.label}
                        {sort.key === c.key ? (sort.order === "asc" ? " ↑" : " ↓") : ""}
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {users.data.users.map((u) => (
                  <tr key={u.id} className="border-b border-line/60">
                    <td className="py-2 pr-3 font-medium">{u.isGuest ? `Guest #${u.id}` : u.username}</td>
                    <td className="py-2 pr-3">{u.email ?? "—"}</td>
                    <td className="py-2 pr-3">{date(u.createdAt)}</td>
                    <td className="py-2 pr-3">{fmt(u.favoritesCount)}</td>
                    <td className="py-2 pr-3">{fmt(u.activitiesCount)}</td>
                    <td className="py-2 pr-3">{u.lastActivity ? dateTime(u.lastActivity) : "Never"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Users pages" className="flex items-center justify-between gap-2 text-sm">
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
              className="rounded-full px-3 py-1 ring-1 ring-line focus-ring disabled:opacity-50"
            >
              Previous
            </button>
            <span data-testid="users-page">
              Page {page} of {pages} · {fmt(users.data.total)} {users.data.total === 1 ? "match" : "matches"}
            </span>
            <button
              type="button"
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
              className="rounded-full px-3 py-1 ring-1 ring-line focus-ring disabled:opacity-50"
            >
              Next
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
