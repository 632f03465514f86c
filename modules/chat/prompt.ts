import type { ChatMessage } from "../llm";
import type { ChatTurnValue } from "./model";
import type { Grounding } from "./retrieve";

/** Step 3b: the model's prompt: the rules and the retrieval as JSON context. */

/** What the model is given: the resolved subject and the records, nothing else. */
export function modelContext(g: Grounding) {
  return {
    city: `${g.city.name}, ${g.city.stateName}`,
    subject: {
      answerFor: `${g.city.name}, ${g.city.stateCode}`,
      chatCity: g.from ? `${g.from.name}, ${g.from.stateCode}` : null,
      namedPlace: g.anchor && g.kind === "place" ? g.anchor.id : null,
      asks: g.kind === "place" ? g.intent.asks : null,
      placeStory: g.story?.slice(0, 600) ?? null,
    },
    question: {
      topics: g.intent.topics,
      openNow: g.intent.openNow,
      kids: g.intent.kids,
      free: g.intent.free,
      near: g.anchor && g.intent.near ? g.anchor.id : null,
    },
    places: g.places.map((p) => ({
      id: p.id,
      name: p.title,
      kind: p.kind,
      category: p.category,
      miles: p.distance,
      address: p.address,
      phone: p.phone,
      website: p.website,
      wikipedia: p.wikipedia,
      hours: p.hoursWeek?.length ? p.hoursWeek.join("; ") : p.openingHours,
      openNow: p.openNow,
      since: p.since,
      about: p.description.slice(0, 200),
    })),
    history: g.history.map((h) => ({ title: h.title, period: h.period, text: h.content.slice(0, 400) })),
    facts: g.facts.map((f) => f.summary),
    notes: g.notes,
  };
}

export function modelMessages(g: Grounding, query: string, history: ChatTurnValue[]): ChatMessage[] {
  const context = modelContext(g);
  const system = [
    `You are LocalScope's travel assistant for ${g.city.name}, ${g.city.stateName}. Answer in 2 to 5 friendly plain sentences, no markdown, no lists.`,
    "Use ONLY the CONTEXT. Refer to a place ONLY by its marker, two square brackets around its id, like [[123]]: never write a place's name yourself, the app inserts it.",
    "Never invent places, addresses, phone numbers, prices, ratings, years or opening hours: write phone numbers and addresses exactly as the context gives them. LocalScope has no ratings or reviews: never give an opinion or a rating. If the context does not answer the question (no hours, no phone), say so honestly.",
    "When subject.namedPlace is set, answer about that place and what subject.asks asks (phone, address, hours, openNow, website, worth, distance, about). When subject.chatCity is set, say that the answer is for subject.answerFor.",
    `CONTEXT-JSON-START\n${JSON.stringify(context)}\nCONTEXT-JSON-END`,
  ].join("\n");
  return [
    { role: "system", content: system },
    ...history
      .slice(-10)
      .map((t) => ({ role: t.type === "ai" ? ("assistant" as const) : ("user" as const), content: t.content })),
    { role: "user", content: query },
  ];
}
