/** Pieces of a place shown by the dialog and the place page: the picture, opening hours, contact and provenance. */
import { useState } from "react";
import { CategoryIllustration } from "./illustrations";
import { hoursLabel, staleNote, telUrl, websiteUrl, type Place } from "./places";

/** The place's own image, or its category's illustration when it has none or the image fails to load. */
export function PlaceHero(props: {
  place: Pick<Place, "imageUrl" | "categoryId" | "title" | "imageCredit"> & { kind?: string | null };
  className: string;
  seed?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (props.place.imageUrl && !failed) {
    const image = (
      <img
        src={props.place.imageUrl}
        alt=""
        className={props.place.imageCredit ? "h-full w-full object-cover" : `${props.className} object-cover`}
        onError={() => setFailed(true)}
        loading="lazy"
        decoding="async"
      />
    );
    if (!props.place.imageCredit) return image;
    // A credited photo (the National Park Service's) always shows its credit on the picture.
    return (
      <figure className={`${props.className} relative m-0 overflow-hidden`}>
        {image}
        <figcaption className="absolute bottom-0 right-0 max-w-full truncate bg-black/60 px-1.5 py-0.5 text-[11px] text-white">
          Photo: {props.place.imageCredit}
        </figcaption>
      </figure>
    );
  }
  return (
    <CategoryIllustration
      categoryId={props.place.categoryId}
      kind={props.place.kind}
      seed={props.seed ?? props.place.title}
      className={props.className}
    />
  );
}

const HOURS_CLASSES = {
  "Open now": "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
  Closed: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
  "Hours unknown": "bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100",
} as const;

export function HoursBadge(props: { openNow: boolean | null | undefined }) {
  const label = hoursLabel(props.openNow);
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${HOURS_CLASSES[label]}`}
      data-testid="hours"
    >
      {label}
    </span>
  );
}

/** Opening hours, phone, website and where the data comes from (docs/product.md#promise). */
export function PlaceFacts(props: { place: Place }) {
  const { place } = props;
  const site = websiteUrl(place.website);
  const sources = place.sources?.length
    ? place.sources
    : place.source
      ? [{ source: place.source, sourceId: place.sourceId ?? "", licence: place.licence ?? "" }]
      : [];
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
      <dt className="font-semibold">Hours</dt>
      <dd>
        <HoursBadge openNow={place.openNow} />
        {place.hoursWeek?.length ? (
          <ul className="mt-1 text-ink-soft" aria-label="Opening hours by day">
            {place.hoursWeek.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          place.openingHours && <span className="mt-1 block text-ink-soft">{place.openingHours}</span>
        )}
      </dd>
      {place.phone && (
        <>
          <dt className="font-semibold">Phone</dt>
          <dd>
            <a href={telUrl(place.phone)} className="text-primary underline focus-ring">
              {place.phone}
            </a>
          </dd>
        </>
      )}
      {site && (
        <>
          <dt className="font-semibold">Website</dt>
          <dd className="min-w-0 truncate">
            <a href={site} target="_blank" rel="noopener noreferrer" className="text-primary underline focus-ring">
              {site.replace(/^https:\/\//, "").replace(/\/$/, "")}
            </a>
          </dd>
        </>
      )}
      <dt className="font-semibold">Source</dt>
      <dd data-testid="place-source">
        {sources.map((s, i) => (
          <span key={`${s.source}-${s.sourceId}`} className="block">
            {s.source} · licence {s.licence}
            {i === sources.length - 1 && (
              <>
                {" "}
                ·{" "}
                <a href="/about" className="text-primary underline focus-ring">
                  about our data
                </a>
              </>
            )}
          </span>
        ))}
      </dd>
    </dl>
  );
}

/** A list card's data-age warning ("Listed in 2011 data — may have changed"), or nothing for current data. */
export function StaleNote({ place }: { place: Place }) {
  const note = staleNote(place);
  return note ? (
    <span
      className="mt-1 block truncate text-xs font-medium text-amber-800 dark:text-amber-200"
      data-testid="card-stale"
    >
      {note}
    </span>
  ) : null;
}

/** Under the description: the data-age warning (docs/product.md#data-rules) and the Wikipedia article it quotes (CC BY-SA). */
export function PlaceNotes({ place }: { place: Place }) {
  const note = staleNote(place);
  return (
    <>
      {note && (
        <p className="mt-2 text-sm font-medium text-amber-800 dark:text-amber-200" data-testid="place-stale">
          {note}
        </p>
      )}
      {place.wikipedia && (
        <p className="mt-2 text-sm text-ink-soft" data-testid="place-wikipedia">
          Description from{" "}
          <a href={place.wikipedia} target="_blank" rel="noopener noreferrer" className="underline focus-ring">
            Wikipedia
          </a>{" "}
          (CC BY-SA 4.0).
        </p>
      )}
    </>
  );
}
