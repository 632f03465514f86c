import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { TabList } from "../components/tabs";
import type { AdminAnalytics, AdminUserRow, DailySeries, DataHealth, StateHealth } from "../../modules/admin";
import { apiRequest, ApiError } from "../api";
import { withQuery } from "../query-client";
import { TextBackLink } from "../components/back-link";

/**
 * The admin panel (accounts-and-shell.md "Admin panel"; decision 021): six summary cards, the spec's five tabs
 * and a Data Health tab. Data refreshes when the window regains focus; charts (uPlot) load lazily.
 */
const Chart = lazy(() => import("../components/admin-charts").then((m) => ({ default: m.Chart })));

const TABS = [
  { key: "engagement", label: "Engagement" },
  { key: "geography", label: "Geography" },
  { key: "growth", label: "Growth" },
  { key: "activity", label: "Activity" },
  { key: "users", label: "Users" },
  { key: "health", label: "Data Health" },
] as const;
type TabKey = (typeof TABS)[number]["key"];

const ON_FOCUS = { refetchOnWindowFocus: "always" as const, staleTime: 0, retry: false as const };
const fmt = (n: number) => n.toLocaleString("en-US");
const plural = (n: number, one: string, many: string) => `${fmt(n)} ${n === 1 ? one : many}`;
const date = (iso: string) => new Date(iso).toLocaleDateString("en-US");
const dateTime = (iso: string) => new Date(iso).toLocaleString("en-US");
const capped = (percentage: number) => `${Math.max(0, Math.min(100, percentage))}%`;

function Bar(props: { percentage: number; label: string }) {
  return (
    <div className="h-2 w-full overflow-hidden rounded-full bg-black/10 dark:bg-white/10" role="presentation">
      <div
        className="h-full rounded-full bg-primary"
        style={{ width: capped(props.percentage) }}
        data-testid="progress"
        aria-hidden="true"
      />
    </div>
  );
}

function Card(props: { label: string; value: string; testId: string }) {
  return (
    <div className="card flex flex-col gap-1 p-4" data-testid={props.testId}>
      <span className="text-sm text-ink-soft">{props.label}</span>
      <span className="text-2xl font-bold">{props.value}</span>
    </div>
  );
}

function Section(props: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="card flex flex-col gap-3 p-4" data-testid={props.testId}>
      <h2 className="font-semibold">{props.title}</h2>
      {props.children}
    </section>
  );
}

const Empty = (props: { text: string }) => <p className="text-sm text-ink-soft">{props.text}</p>;

function ChartBox(props: {
  label: string;
  labels: string[];
  values: number[];
  kind: "line" | "bars";
  testId: string;
  title: string;
}) {
  return (
    <Section title={props.title}>
      <Suspense fallback={<div className="ls-skeleton h-[160px] w-full" aria-hidden="true" />}>
        <Chart
          label={props.label}
          labels={props.labels}
          values={props.values}
          kind={props.kind}
          testId={props.testId}
        />
      </Suspense>
    </Section>
  );
}

function Header() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <TextBackLink href="/" label="Back to App" />
      <h1 className="text-xl font-bold">Admin Panel</h1>
      <span className="rounded-full bg-primary px-3 py-1 text-sm font-semibold text-white">Admin Access</span>
    </div>
  );
}

function Skeletons() {
  return (
    <div className="flex min-h-screen flex-col gap-4" data-testid="admin-loading">
      <p role="status" className="sr-only">
        Loading analytics...
      </p>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="card flex flex-col gap-2 p-4" data-skeleton="">
            <span className="ls-skeleton h-3 w-1/2" />
            <span className="ls-skeleton h-6 w-1/3" />
          </div>
        ))}
      </div>
      <div className="card ls-skeleton h-48" aria-hidden="true" />
    </div>
  );
}

function AdminPanel() {
  const analytics = useQuery({
    queryKey: ["admin", "analytics"],
    queryFn: ({ signal }) => apiRequest<AdminAnalytics>("GET", "/api/admin/analytics", undefined, signal),
    ...ON_FOCUS,
  });
  const [tab, setTab] = useState<TabKey>("engagement");

  if (analytics.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <Header />
        <Skeletons />
      </div>
    );
  }
  if (analytics.isError) {
    const denied = analytics.error instanceof ApiError && analytics.error.status === 403;
    return (
      <div className="flex flex-col gap-4">
        <Header />
        <div
          role="alert"
          className="card p-6 text-center font-semibold text-red-700 dark:text-red-300"
          data-testid="admin-error"
        >
          {denied ? analytics.error.message : `Failed to load analytics: ${analytics.error.message}`}
        </div>
      </div>
    );
  }
  const data = analytics.data;
  const o = data.overview;

  return (
    <div className="flex flex-col gap-4">
      <Header />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3" data-testid="admin-cards">
        <Card label="Total Users" value={fmt(o.totalUsers)} testId="card-total-users" />
        <Card label="Active Today" value={fmt(o.activeUsersToday)} testId="card-active-today" />
        <Card label="Total Favorites" value={fmt(o.totalFavorites)} testId="card-total-favorites" />
        <Card label="Total Activities" value={fmt(o.totalActivities)} testId="card-total-activities" />
        <Card label="Growth Rate" value={`${data.userGrowth.growthRate}%`} testId="card-growth-rate" />
        <Card label="Retention" value={`${data.engagement.retentionRate}%`} testId="card-retention" />
      </div>
      <TabList
        label="Admin sections"
        idPrefix="admin-tab"
        panelId="admin-panel"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
      />
      {/* At least a screen tall: the footer stays below the fold while the tab's data loads (it shifted: CLS 0.11). */}
      <div
        role="tabpanel"
        id="admin-panel"
        aria-labelledby={`admin-tab-${tab}`}
        tabIndex={0}
        className="flex min-h-screen flex-col gap-4 outline-none"
      >
        {tab === "engagement" && <EngagementTab data={data} />}
        {tab === "geography" && <GeographyTab data={data} />}
        {tab === "growth" && <GrowthTab data={data} />}
        {tab === "activity" && <ActivityTab data={data} />}
        {tab === "users" && <UsersTab />}
        {tab === "health" && <HealthTab />}
      </div>
    </div>
  );
}

function EngagementTab({ data }: { data: AdminAnalytics }) {
  const e = data.engagement;
  return (
    <>
      <Section title="Most Active Users" testId="most-active-users">
        {e.mostActiveUsers.length === 0 ? (
          <Empty text="No activity yet." />
        ) : (
          <ol className="flex flex-col gap-2">
            {e.mostActiveUsers.map((u, i) => (
              <li key={`${u.email}-${i}`} className="flex items-center gap-3">
                <span className="w-6 text-right font-bold text-ink-soft">{i + 1}</span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{u.username}</span>
                  <span className="block truncate text-sm text-ink-soft">{u.email}</span>
                </span>
                <span className="text-sm">{plural(u.activities, "activity", "activities")}</span>
              </li>
            ))}
          </ol>
        )}
      </Section>
      <Section title="Category Preferences" testId="category-preferences">
        {e.categoryPreferences.length === 0 ? (
          <Empty text="No categories explored yet." />
        ) : (
          <>
            <ul className="flex flex-col gap-2">
              {e.categoryPreferences.map((c) => (
                <li key={c.category} className="flex flex-col gap-1">
                  <span className="flex justify-between text-sm">
                    <span>{c.category}</span>
                    <span>{c.percentage}%</span>
                  </span>
                  <Bar percentage={c.percentage} label={c.category} />
                </li>
              ))}
            </ul>
            <Suspense fallback={<div className="ls-skeleton h-[160px] w-full" aria-hidden="true" />}>
              <Chart
                kind="bars"
                testId="chart-categories"
                label={`Category shares: ${e.categoryPreferences.map((c) => `${c.category} ${c.percentage}%`).join(", ")}`}
                labels={e.categoryPreferences.map((c) => c.category.split(" ")[0]!)}
                values={e.categoryPreferences.map((c) => c.percentage)}
              />
            </Suspense>
          </>
        )}
      </Section>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Card label="Avg Sessions per User" value={String(e.avgSessionsPerUser)} testId="avg-sessions" />
        <Card label="Active This Week" value={fmt(data.overview.activeUsersThisWeek)} testId="active-week" />
        <Card
          label="Avg Activities per User"
          value={String(data.overview.avgActivitiesPerUser)}
          testId="avg-activities"
        />
      </div>
    </>
  );
}

function GeographyTab({ data }: { data: AdminAnalytics }) {
  const g = data.geography;
  return (
    <>
      <Section title="Top Cities" testId="top-cities">
        {g.topCities.length === 0 ? (
          <Empty text="No cities explored yet." />
        ) : (
          <ol className="flex flex-col gap-2">
            {g.topCities.map((c) => (
              <li key={c.city} className="flex justify-between gap-2">
                <span className="font-medium">{c.city}</span>
                <span className="text-sm text-ink-soft">
                  {plural(c.activities, "activity", "activities")} · {plural(c.users, "user", "users")}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Section>
      <Section title="State Distribution" testId="state-distribution">
        {g.stateDistribution.length === 0 ? (
          <Empty text="No states yet." />
        ) : (
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {g.stateDistribution.map((s) => (
              <li key={s.state} className="flex justify-between gap-2">
                <span className="font-medium">{s.state}</span>
                <span className="text-sm text-ink-soft">
                  {plural(s.activities, "activity", "activities")} · {plural(s.users, "user", "users")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Explore Patterns" testId="explore-patterns">
        <ul className="flex flex-col gap-2">
          {g.explorePatterns.map((p) => (
            <li key={p.pattern} className="flex justify-between">
              <span>{p.pattern}</span>
              <span className="text-sm text-ink-soft">{plural(p.frequency, "user", "users")}</span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

function useDaily() {
  return useQuery({
    queryKey: ["admin", "daily"],
    queryFn: ({ signal }) => apiRequest<DailySeries>("GET", "/api/admin/daily", undefined, signal),
    ...ON_FOCUS,
  });
}

function GrowthTab({ data }: { data: AdminAnalytics }) {
  const g = data.userGrowth;
  const daily = useDaily();
  return (
    <>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Card label="New Today" value={fmt(g.daily)} testId="new-today" />
        <Card label="This Week" value={fmt(g.weekly)} testId="new-week" />
        <Card label="This Month" value={fmt(g.monthly)} testId="new-month" />
        <Card label="Growth Rate" value={`${g.growthRate}%`} testId="growth-rate" />
      </div>
      {daily.data && (
        <ChartBox
          title="New users per day (30 days)"
          kind="line"
          testId="chart-new-users"
          label={`New users per day over the last 30 days, ${fmt(daily.data.reduce((s, d) => s + d.newUsers, 0))} in all`}
          labels={daily.data.map((d) => d.day.slice(5))}
          values={daily.data.map((d) => d.newUsers)}
        />
      )}
      <Section title="Recent New Users" testId="recent-new-users">
        {data.recentActivity.newUsers.length === 0 ? (
          <Empty text="No users yet." />
        ) : (
          <ul className="flex flex-col gap-2">
            {data.recentActivity.newUsers.map((u) => (
              <li key={u.email} className="flex justify-between gap-2">
                <span className="min-w-0">
                  <span className="block truncate font-medium">{u.username}</span>
                  <span className="block truncate text-sm text-ink-soft">{u.email}</span>
                </span>
                <span className="shrink-0 text-sm text-ink-soft">{date(u.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

function ActivityTab({ data }: { data: AdminAnalytics }) {
  const p = data.performance;
  const daily = useDaily();
  return (
    <>
      <Section title="Recent Activity (7 days)" testId="recent-activities">
        {data.recentActivity.recentActivities.length === 0 ? (
          <Empty text="No recent activity." />
        ) : (
          <ul className="flex flex-col gap-2">
            {data.recentActivity.recentActivities.map((a) => (
              <li key={a.type} className="flex items-center justify-between gap-2">
                <span className="font-medium">{a.type.replace(/_/g, " ")}</span>
                <span className="flex items-center gap-2 text-sm">
                  {fmt(a.count)}
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${a.trend === "up" ? "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100" : "bg-black/5 text-ink dark:bg-white/10"}`}
                  >
                    {a.trend}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {daily.data && (
        <ChartBox
          title="Activities per day (30 days)"
          kind="line"
          testId="chart-activities"
          label={`Activities per day over the last 30 days, ${fmt(daily.data.reduce((s, d) => s + d.activities, 0))} in all`}
          labels={daily.data.map((d) => d.day.slice(5))}
          values={daily.data.map((d) => d.activities)}
        />
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Card
          label="Avg Response Time"
          value={p.avgResponseTime === null ? "Not measured yet" : `${p.avgResponseTime}s`}
          testId="avg-response"
        />
        <Card
          label="Error Rate"
          value={p.errorRate === null ? "Not measured yet" : `${p.errorRate}%`}
          testId="error-rate"
        />
        <Section title="Peak Usage Hours (UTC)" testId="peak-hours">
          {p.peakUsageHours.length === 0 ? (
            <Empty text="No data yet." />
          ) : (
            <p>{p.peakUsageHours.map((h) => `${h.hour}:00`).join(", ")}</p>
          )}
        </Section>
      </div>
    </>
  );
}

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
  const response = await fetch(`/api/admin/users?${params}`, { credentials: "include", signal });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new ApiError(response.status, body?.message ?? `HTTP ${response.status}: ${response.statusText}`);
  }
  return {
    users: (await response.json()) as AdminUserRow[],
    total: Number(response.headers.get("x-total-count") ?? 0),
    registered: Number(response.headers.get("x-registered-count") ?? 0),
    guests: Number(response.headers.get("x-guest-count") ?? 0),
  };
}

function UsersTab() {
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

function HealthTab() {
  const health = useQuery({
    queryKey: ["admin", "data-health"],
    queryFn: ({ signal }) => apiRequest<DataHealth>("GET", "/api/admin/data-health", undefined, signal),
    ...ON_FOCUS,
  });
  const [open, setOpen] = useState<string | null>(null);
  if (health.isPending) {
    return (
      <div aria-hidden="true" className="card ls-skeleton h-48" data-testid="health-loading">
        <span className="sr-only">Loading data health...</span>
      </div>
    );
  }
  if (health.isError) {
    return (
      <p role="alert" className="card p-4 text-red-700 dark:text-red-300">
        {`Failed to load data health: ${health.error.message}`}
      </p>
    );
  }
  const n = health.data.nationwide;
  return (
    <>
      <p className="card p-4" data-testid="health-nationwide">
        Nationwide: {fmt(n.places)} places in {n.importedStates} of {n.states} states imported; {fmt(n.thinCities)}{" "}
        incorporated cities with fewer than 8 places; {n.olderThanFiveYears}% of places older than five years.
      </p>
      <ul className="flex flex-col gap-2" data-testid="health-states">
        {health.data.states.map((s) => (
          <li key={s.stateCode} className="card">
            <button
              type="button"
              aria-expanded={open === s.stateCode}
              onClick={() => setOpen((o) => (o === s.stateCode ? null : s.stateCode))}
              className="flex w-full items-center justify-between gap-2 rounded-2xl p-3 text-left focus-ring"
            >
              <span className="font-semibold">{s.stateCode}</span>
              <span className="text-sm text-ink-soft">
                {fmt(s.places)} places · {s.thinCities} thin cities ·{" "}
                {s.lastImportedAt ? `imported ${date(s.lastImportedAt)}` : "not imported"}
              </span>
            </button>
            {open === s.stateCode && <StateDetails state={s} />}
          </li>
        ))}
      </ul>
    </>
  );
}

function StateDetails({ state: s }: { state: StateHealth }) {
  return (
    <div className="flex flex-col gap-3 border-t border-line p-3 text-sm" data-testid={`health-${s.stateCode}`}>
      <div>
        <h2 className="font-semibold">Places by category</h2>
        {s.byCategory.length === 0 ? (
          <Empty text="No places yet." />
        ) : (
          <p>{s.byCategory.map((c) => `${c.category}: ${fmt(c.places)}`).join(" · ")}</p>
        )}
      </div>
      <p>
        Older than five years: {s.olderThanFiveYears}% · Incorporated cities: {fmt(s.incorporatedCities)}, with fewer
        than 8 places: {fmt(s.thinCities)}
        {s.thinCityNames.length > 0 &&
          ` (${s.thinCityNames.join(", ")}${s.thinCities > s.thinCityNames.length ? ", …" : ""})`}
      </p>
      <div>
        <h2 className="font-semibold">Datasets</h2>
        {s.datasets.length === 0 ? (
          <Empty text="Not imported yet." />
        ) : (
          <ul>
            {s.datasets.map((d) => (
              <li key={d.dataset}>
                {d.dataset}: {fmt(d.rows)} rows, {dateTime(d.importedAt)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h2 className="font-semibold">Refresh</h2>
        <ul className="flex flex-col gap-1">
          {s.commands.map((c) => (
            <li key={c.command}>
              <code className="rounded bg-black/5 px-1.5 py-0.5 dark:bg-white/10">{c.command}</code> — last run:{" "}
              {c.lastRun ? dateTime(c.lastRun) : "not recorded"}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export default withQuery(AdminPanel);
