import type { AdminAnalytics } from "../../../modules/admin";
import { Empty, plural, Section } from "./parts";

/** A city's or a state's row: its name, then its activities and users. */
function Counts(props: { name: string; activities: number; users: number }) {
  return (
    <li className="flex justify-between gap-2">
      <span className="font-medium">{props.name}</span>
      <span className="text-sm text-ink-soft">
        {plural(props.activities, "activity", "activities")} · {plural(props.users, "user", "users")}
      </span>
    </li>
  );
}

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
              <Counts key={c.city} name={c.city} activities={c.activities} users={c.users} />
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
              <Counts key={s.state} name={s.state} activities={s.activities} users={s.users} />
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
