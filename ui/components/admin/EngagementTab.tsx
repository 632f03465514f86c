import { Suspense } from "react";
import type { AdminAnalytics } from "../../../modules/admin";
import { Bar, CardGrid, Chart, Empty, fmt, plural, Section } from "./parts";

/** The admin panel's Engagement tab: most active users, category shares (list and chart), per-user averages. */
export function EngagementTab({ data }: { data: AdminAnalytics }) {
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
      <CardGrid
        className="grid grid-cols-1 gap-3 sm:grid-cols-3"
        stats={[
          { label: "Avg Sessions per User", value: String(e.avgSessionsPerUser), testId: "avg-sessions" },
          { label: "Trips Planned", value: fmt(e.trips.created), testId: "trips-created" },
          { label: "Trips Shared", value: fmt(e.trips.shared), testId: "trips-shared" },
          { label: "Active This Week", value: fmt(data.overview.activeUsersThisWeek), testId: "active-week" },
          {
            label: "Avg Activities per User",
            value: String(data.overview.avgActivitiesPerUser),
            testId: "avg-activities",
          },
        ]}
      />
    </>
  );
}
