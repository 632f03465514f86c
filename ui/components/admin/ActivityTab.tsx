import type { AdminAnalytics } from "../../../modules/admin";
import { CardGrid, ChartBox, Empty, fmt, Section, useDaily } from "./parts";

/** The admin panel's Activity tab: recent activity by type, the daily chart and the measured performance. */
export function ActivityTab({ data }: { data: AdminAnalytics }) {
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
      <CardGrid
        className="grid grid-cols-1 gap-3 sm:grid-cols-3"
        stats={[
          {
            label: "Avg Response Time",
            value: p.avgResponseTime === null ? "Not measured yet" : `${p.avgResponseTime}s`,
            testId: "avg-response",
          },
          {
            label: "Error Rate",
            value: p.errorRate === null ? "Not measured yet" : `${p.errorRate}%`,
            testId: "error-rate",
          },
        ]}
      >
        <Section title="Peak Usage Hours (UTC)" testId="peak-hours">
          {p.peakUsageHours.length === 0 ? (
            <Empty text="No data yet." />
          ) : (
            <p>{p.peakUsageHours.map((h) => `${h.hour}:00`).join(", ")}</p>
          )}
        </Section>
      </CardGrid>
    </>
  );
}
