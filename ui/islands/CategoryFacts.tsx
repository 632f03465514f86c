import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { SourceLine } from "../components/SourceLine";
import { LoadMoreButton, useCategoryCity, useLoadMore } from "../components/category-view";
import { CloseButton, Modal } from "../components/Modal";
import { factItemId, type FunFact } from "../components/places";
import { useSavedItems } from "../components/saved";
import { Badge, BUTTON, BUTTON_SOFT, HeartButton, QueryStates, SkeletonList, staggerStyle } from "../components/ui";
import { diveDeeper, factsQuery, MAX_DEEPER_LEVEL, moreFacts, type CityRef } from "../queries";
import type { SelectedCity } from "../state";
import { withQuery } from "../query-client";

export const DEEPER_BUTTONS = ["Dive Deeper", "Dive Even Deeper", "Explore the Depths"] as const;
export const DEEPER_SECTIONS = ["More Details", "Deep Dive", "Expert Analysis"] as const;

/** Category page "facts": fun facts for the city, "Show More Fun Facts", and the three-level dialog. */
function CategoryFacts(props: { city: SelectedCity; categoryId: number; slug: string }) {
  const city = useCategoryCity(props);
  const queryClient = useQueryClient();
  const query = factsQuery(queryClient, city);
  const result = useQuery(query);
  const [selected, setSelected] = useState<FunFact | null>(null);
  const saved = useSavedItems();
  const more = useLoadMore(
    query.queryKey,
    () => moreFacts(city),
    (f) => f.title,
    {
      noneTitle: "No new facts available",
      noneDescription: "You've discovered all available fun facts for this area.",
      loaded: (n) => `${n} more fun facts loaded!`,
      noun: "facts",
    },
  );
  const unavailable = {
    title: "No Fun Facts Available",
    text: `Fun facts for ${city.name}, ${city.stateCode} couldn't be loaded.`,
  };

  return (
    <section aria-labelledby="view-heading">
      <h2 id="view-heading" className="text-2xl font-bold">
        Discover {city.name}
      </h2>
      <p className="mt-1 text-ink-soft">Fascinating stories and hidden gems from {city.state}</p>
      <div className="mt-4">
        <QueryStates
          query={result}
          loading={<SkeletonList count={3} itemClassName="h-52 card" label="Loading fun facts…" />}
          error={unavailable}
          empty={unavailable}
        >
          {(data) => (
            <>
              <ul className="flex flex-col gap-4" data-testid="fact-cards">
                {data.map((fact, i) => {
                  const itemId = factItemId(fact);
                  return (
                    <li
                      key={`${fact.title}-${i}`}
                      className="ls-card-in"
                      style={staggerStyle(i)}
                      data-testid="category-card"
                    >
                      <article
                        className="card flex h-52 cursor-pointer flex-col p-4 hover:ring-primary"
                        onClick={() => setSelected(fact)}
                        aria-labelledby={`fact-${i}`}
                      >
                        <div className="flex items-start gap-2">
                          <div className="min-w-0 flex-1">
                            <Badge colour="purple">{fact.category}</Badge>
                            <h3 id={`fact-${i}`} className="mt-2 line-clamp-2 text-lg font-semibold leading-snug">
                              {fact.title}
                            </h3>
                          </div>
                          <HeartButton
                            pressed={saved.isSaved("fact", itemId)}
                            busy={saved.pendingId === itemId}
                            label={`Save ${fact.title} to favorites`}
                            onClick={() =>
                              saved.toggle({
                                itemType: "fact",
                                itemId,
                                itemData: {
                                  title: fact.title,
                                  summary: fact.summary,
                                  category: fact.category,
                                  content: fact.summary,
                                  city: `${city.name}, ${city.stateCode}`,
                                  type: "fact",
                                },
                              })
                            }
                          />
                        </div>
                        <p className="mt-1 line-clamp-2 text-sm text-ink-soft">{fact.summary}</p>
                        <SourceLine source={fact.source} className="mt-1" />
                        <button
                          type="button"
                          className="mt-auto self-start text-sm font-medium text-primary underline-offset-2 hover:underline focus-ring"
                          onClick={(e) => {
                            e.stopPropagation();
                            setSelected(fact);
                          }}
                        >
                          Tap to explore deeper
                        </button>
                      </article>
                    </li>
                  );
                })}
              </ul>
              <LoadMoreButton more={more} label="Show More Fun Facts" busyLabel="Loading more fun facts…" />
            </>
          )}
        </QueryStates>
      </div>
      {selected && <FactDialog fact={selected} city={city} onClose={() => setSelected(null)} />}
    </section>
  );
}

/** Title, category and city, the summary under "Fun Fact", and up to three deeper levels. Closing resets the level. */
function FactDialog(props: { fact: FunFact; city: SelectedCity; onClose: () => void }) {
  const [sections, setSections] = useState<string[]>([]);
  const level = sections.length;
  const end = useRef<HTMLDivElement>(null);
  // Each new level appears below the last: bring the next button (or the final words) into view.
  useEffect(() => {
    if (level > 0) end.current?.scrollIntoView({ block: "nearest" });
  }, [level]);
  const deeper = useMutation({
    mutationFn: (next: number) => diveDeeper(props.fact, props.city as CityRef, next),
    retry: false,
    onSuccess: (details) => setSections((s) => (s.length < MAX_DEEPER_LEVEL ? [...s, details] : s)),
    onError: (error) => console.warn("LocalScope: the deeper detail failed", error),
  });
  return (
    <Modal onClose={props.onClose} labelledBy="fact-dialog-title" testId="fact-dialog">
      <div className="p-5">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <h2 id="fact-dialog-title" className="text-xl font-bold leading-tight">
              {props.fact.title}
            </h2>
            <p className="mt-1 text-sm text-ink-soft">
              {props.fact.category} · {props.city.name}, {props.city.stateCode}
            </p>
          </div>
          <CloseButton onClick={props.onClose} />
        </div>
        <h3 className="mt-4 font-semibold">Fun Fact</h3>
        <p className="mt-1">{props.fact.summary}</p>
        <SourceLine source={props.fact.source} className="mt-2" />
        {sections.map((text, i) => (
          <section key={i} className="mt-4 rounded-xl bg-black/5 p-4 dark:bg-white/5" aria-labelledby={`deeper-${i}`}>
            <h3 id={`deeper-${i}`} className="font-semibold">
              {DEEPER_SECTIONS[i]}
            </h3>
            <p className="mt-1 whitespace-pre-line text-sm">{text}</p>
          </section>
        ))}
        <div className="mt-5" aria-live="polite" ref={end}>
          {level < MAX_DEEPER_LEVEL ? (
            <button
              type="button"
              className={`${BUTTON} w-full`}
              disabled={deeper.isPending}
              aria-busy={deeper.isPending || undefined}
              onClick={() => level < MAX_DEEPER_LEVEL && !deeper.isPending && deeper.mutate(level + 1)}
            >
              {DEEPER_BUTTONS[level]}
            </button>
          ) : (
            <div className="text-center">
              <p className="font-semibold text-primary">You've reached the depths of this fact!</p>
              <button type="button" className={`${BUTTON_SOFT} mt-3`} onClick={props.onClose}>
                Explore Another Fact
              </button>
            </div>
          )}
        </div>
      </div>
    </Modal>
  );
}

export default withQuery(CategoryFacts);
