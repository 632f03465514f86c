import { Shell } from "../components/Shell";

export interface DataSource {
  name: string;
  licence: string;
  attribution: string;
  url: string;
}

/** Data sources and the attribution each licence asks for. */
export function AboutPage(props: { sources: DataSource[] }) {
  return (
    <Shell path="/about">
      <article className="card p-6">
        <h1 className="text-2xl font-bold">About LocalScope</h1>
        <p className="mt-2 text-ink-soft">
          Every place LocalScope shows comes from an open dataset or OpenStreetMap and carries its source and licence.
          An AI model may write about real places; it never invents one.
        </p>
        <h2 className="mt-6 text-lg font-semibold">Data sources</h2>
        <ul className="mt-2 divide-y divide-line">
          {props.sources.map((s) => (
            <li key={s.name} className="py-3">
              <a href={s.url} className="font-medium text-primary underline" rel="noopener" target="_blank">
                {s.name}
              </a>
              <p className="text-sm">{s.attribution}</p>
              <p className="text-xs text-ink-soft">Licence: {s.licence}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-xs text-ink-soft">
          Places from OpenStreetMap: © OpenStreetMap contributors, available under the Open Database Licence (ODbL 1.0);
          the database of such places is offered under the same licence.
        </p>
        <p className="mt-2 text-xs text-ink-soft">
          Visitor countries on the traffic screen:{" "}
          <a href="https://db-ip.com" className="text-primary underline">
            IP Geolocation by DB-IP
          </a>{" "}
          (IP to Country Lite, CC BY 4.0).
        </p>
      </article>
    </Shell>
  );
}
