import type { AdminAnalytics } from "../../../modules/admin";
import { Empty, plural, Section } from "./parts";

/** The admin panel's Geography tab: top cities, the state distribution and explore patterns. */
export function GeographyTab({ data }: { data: AdminAnalytics }) {
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
