/** The kinds of place a question's words ask for, as a place's kind says them (one home for the chat's vocabulary). */
export const KIND = {
  /** "Coffee" asks for a café, not any bakery (a wholesale bakery is no place for a coffee). */
  coffee: /caf[eé]|coffee|espresso|tea ?house|tea room/i,
  cafe: /caf[eé]|coffee|bakery|\btea\b|tea ?house|tea ?room|ice cream|juice|dessert|donut|doughnut|pastry/i,
  bar: /(?<!juice )\bbar\b|pub|nightclub|brew|biergarten|winery|wine|cocktail|taproom|lounge|distillery/i,
  kids: /playground|park|zoo|aquarium|museum|library|amusement|arcade|bowling|ice cream|water park|theme park|miniature golf|science|nature|garden|trampoline|skating|children/i,
  free: /park|library|monument|memorial|marker|historic site|trail|viewpoint|beach|spring|lake|visitor center|community center|plaza|square|garden|nature|summit|reservoir/i,
  /** Kinds that cost nothing to enter, as a price answer may say of one place (not an amusement or state park). */
  freeToEnter:
    /^(?:(?:city |public |county |neighborhood |pocket )?park|(?:public )?library|(?:war )?memorial|monument|plaza|square|trail|trailhead|viewpoint|(?:historical )?marker|fountain|statue)$/i,
};
