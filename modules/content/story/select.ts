/** Which places and texts a story may use: visitable places, not offices; people whose extract fits the city. */
import type { AssociatedPerson, StoryCity, StoryPlace } from "./types";

export const MUSEUM = /museum|science center|planetarium|zoo|aquarium|botanical garden|arboretum|nature center/i;
export const VISITABLE_TITLE =
  /museum|zoo|aquarium|planetarium|garden|fort|house|home|birthplace|mansion|church|cathedral|temple|lighthouse|bridge|station|depot|monument|memorial|park|cemetery|mission|hall|theat(re|er)|school|mill|farm|ranch|site/i;
export const ORG_NAME =
  /\b(inc|llc|corp|co|ltd|foundation|fund|society|association|group|council|commission|committee|non-? ?profit|trust|league|club|guild|alliance|coalition|partners)\b\.?/i;
export const PO_BOX = /\bp\.?\s*o\.?\s*box\b/i;
/** A legal suffix at the end of a name ("… Inc", "…, LLC"). */
const LEGAL_SUFFIX = /,?\s*\b(?:inc|llc|corp|co|ltd|incorporated|l\.?l\.?c)\b\.?\s*$/i;
/** A name that ends as a body's does, whatever place words come before ("Botanical Garden Association", "… Fund"). */
const BODY_NAME =
  /\b(?:foundation|fund|society|association|assn|council|commission|committee|trust|league|club|guild|alliance|coalition|partners|group|federation|corporation|company|enterprises|management|holdings|authority)$/i;
/** An office or organisation rather than a place a traveller can visit (read once per place: every fact asks). */
const organisations = new WeakMap<StoryPlace, boolean>();
export function organisation(p: StoryPlace): boolean {
  let known = organisations.get(p);
  if (known === undefined) organisations.set(p, (known = readOrganisation(p)));
  return known;
}
const readOrganisation = (p: StoryPlace) =>
  (p.address !== null && PO_BOX.test(p.address)) ||
  BODY_NAME.test(p.title.replace(LEGAL_SUFFIX, "").trim()) ||
  /^friends of\b/i.test(p.title) ||
  (ORG_NAME.test(p.title) && !VISITABLE_TITLE.test(p.title.replace(ORG_NAME, "")));
/** Venues from the 2011 business dump call frame shops "galleries" and dog runs "parks": not used for stories. */
export const BUSINESS_DUMP = new Set(["wof-simplegeo"]);
/** Words that make a comparative claim; a title never makes one on a source's word alone. */
export const COMPARATIVE = /\b(largest|oldest|biggest|only|first|tallest|smallest|most|best)\b/i;
export const NATURE =
  /park|nature|lake|summit|forest|garden|trail|beach|reserve|valley|spring|falls|reservoir|island|arch|canyon/i;

/** A person's extract is used only when it names the city or its state (the source matched names automatically). */
export function personFits(person: AssociatedPerson, city: StoryCity): boolean {
  const text = person.extract.toLowerCase();
  return text.includes(city.name.toLowerCase()) || text.includes(city.stateName.toLowerCase());
}
