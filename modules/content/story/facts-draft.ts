import type { StoryFact } from "./types";

/** A fact as a builder writes it: a statistic says so, every other fact is not one. */
export type FactDraft = Omit<StoryFact, "statistic"> & { statistic?: boolean };
