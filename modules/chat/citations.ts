import type { ChatPlace } from "./model";
import type { SourcePlace } from "./sources";

/** Citations: markers → real names, checked against the context. */

const MARKER = /\[\[\s*#?(\d{1,12})\s*\]\]/g;

/**
 * Turns a token stream with `[[id]]` markers into text with the places' names. A marker whose id is not in
 * the context is dropped (with the space before it); a marker split across chunks is held until complete.
 */
export class Citations {
  private buffer = "";
  readonly cited: SourcePlace[] = [];
  constructor(private readonly known: Map<number, SourcePlace>) {}

  push(chunk: string): string {
    this.buffer += chunk;
    // Hold back from an unfinished "[" (at most 24 characters: a marker is short).
    const open = this.buffer.lastIndexOf("[");
    let cut = this.buffer.length;
    if (open >= 0 && !this.buffer.slice(open).includes("]]") && this.buffer.length - open < 24) {
      cut = open > 0 && this.buffer[open - 1] === "[" ? open - 1 : open;
    }
    const ready = this.buffer.slice(0, cut);
    this.buffer = this.buffer.slice(cut);
    return this.render(ready);
  }

  flush(): string {
    const rest = this.render(this.buffer);
    this.buffer = "";
    return rest;
  }

  private render(text: string): string {
    return text.replace(/(\s?)\[\[\s*#?(\d{1,12})\s*\]\]/g, (_match, space: string, id: string) => {
      const place = this.known.get(Number(id));
      if (!place) return "";
      if (!this.cited.includes(place)) this.cited.push(place);
      return `${space}${place.title}`;
    });
  }
}
export { MARKER };

export const toChatPlace = (p: SourcePlace): ChatPlace => ({
  id: p.id,
  title: p.title,
  category: p.category,
  kind: p.kind,
  distance: p.distance,
  address: p.address,
  openNow: p.openNow,
});
