import type { AdminAnalytics } from "../../../modules/admin";
import { CardGrid, ChartBox, date, Empty, fmt, Section, useDaily } from "./parts";

/** The admin panel's Growth tab: new users today/week/month, the daily chart and the newest accounts. */
export function GrowthTab({ data }: { data: AdminAnalytics }) {
  const g = data.userGrowth;
  const daily = useDaily();
  return (
    <>
      <CardGrid
        className="grid grid-cols-2 gap-3 md:grid-cols-4"
        stats={[
          { label: "New Today", value: fmt(g.daily), testId: "new-today" },
          { label: "This Week", value: fmt(g.weekly), testId: "new-week" },
          { label: "This Month", value: fmt(g.monthly), testId: "new-month" },
          { label: "Growth Rate", value: `${g.growthRate}%`, testId: "growth-rate" },
        ]}
      />
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
