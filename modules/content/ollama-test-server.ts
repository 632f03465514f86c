/**
 * A small Ollama-protocol server for tests (POST /api/chat, non-streamed), on 127.0.0.1. It answers the
 * structured-output requests of modules/content/ollama.ts from the CONTEXT block in the prompt, so the
 * real `ollama` client is exercised end to end. Modes simulate a healthy, hanging, broken or failing model.
 */
export type OllamaTestMode = "ok" | "hang" | "garbage" | "error" | "inventive";

export interface OllamaTestServer {
  url: string;
  /** Every /api/chat request body received. */
  requests: Array<{
    model: string;
    prompt: string;
    kind: "facts" | "history" | "deeper" | "other";
    authorization: string | null;
  }>;
  mode: OllamaTestMode;
  stop(): void;
}

interface Context {
  facts: Array<{ title: string; statement: string }>;
  historicPlaces: Array<{ placeId: number; title: string; description: string; date: string | null }>;
}

export const MODEL_FACT_PREFIX = "Model: ";

export function startOllamaTestServer(mode: OllamaTestMode = "ok"): OllamaTestServer {
  const hanging: Array<() => void> = [];
  const state: OllamaTestServer = {
    url: "",
    requests: [],
    mode,
    stop: () => {
      for (const release of hanging) release();
      server.stop(true);
    },
  };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname !== "/api/chat" || request.method !== "POST") return new Response("not found", { status: 404 });
      const body = (await request.json()) as {
        model: string;
        messages: Array<{ role: string; content: string }>;
        format?: { properties?: Record<string, unknown> };
      };
      const prompt = body.messages.at(-1)?.content ?? "";
      const shape = Object.keys(body.format?.properties ?? {})[0];
      const kind =
        shape === "facts" ? "facts" : shape === "history" ? "history" : shape === "details" ? "deeper" : "other";
      state.requests.push({ model: body.model, prompt, kind, authorization: request.headers.get("authorization") });
      if (state.mode === "hang")
        return new Promise<Response>((resolve) => hanging.push(() => resolve(new Response("{}", { status: 503 }))));
      if (state.mode === "error") return Response.json({ error: "model exploded" }, { status: 500 });
      const content =
        state.mode === "garbage"
          ? "Sure! Here are some facts: not json at all"
          : JSON.stringify(answer(kind, prompt, state.mode));
      return Response.json({
        model: body.model,
        created_at: new Date().toISOString(),
        message: { role: "assistant", content },
        done: true,
        done_reason: "stop",
      });
    },
  });
  state.url = `http://127.0.0.1:${server.port}`;
  return state;
}

function answer(kind: string, prompt: string, mode: OllamaTestMode = "ok"): unknown {
  const start = prompt.indexOf("CONTEXT-JSON-START\n") + "CONTEXT-JSON-START\n".length;
  const context = JSON.parse(prompt.slice(start, prompt.indexOf("\nCONTEXT-JSON-END"))) as Context;
  const avoid = prompt.match(/(?:Do not repeat these titles or their subjects|Skip these places): (\[.*\])\./)?.[1];
  const avoided: string[] = avoid ? JSON.parse(avoid) : [];
  if (kind === "facts") {
    return {
      facts: context.facts
        .filter((f) => !avoided.includes(`${MODEL_FACT_PREFIX}${f.title}`))
        .slice(0, 8)
        .map((f) => ({
          title: `${MODEL_FACT_PREFIX}${f.title}`,
          // "inventive": a model that adds a founder and a year its context never gave.
          summary: `Rewritten by the model: ${f.statement}${mode === "inventive" ? " It was founded in 1066 by Zebulon Quimby." : ""}`,
          category: "Model",
        })),
    };
  }
  if (kind === "history") {
    const places = context.historicPlaces.filter((p) => !avoided.includes(p.title)).slice(0, 6);
    return {
      history: [
        // A place that is not in the context: must be dropped.
        {
          placeId: 987654321,
          category: "Invented",
          content: "A castle that never existed stood here for centuries.",
          significance: "None at all, it is made up.",
        },
        // Contact data the context does not hold: must be dropped.
        ...(places[0]
          ? [
              {
                placeId: places[0].placeId,
                category: "Phone",
                content: "Call (555) 123-4567 to book a tour of this historic place.",
                significance: "Invented phone number.",
              },
            ]
          : []),
        ...places.map((p) => ({
          placeId: p.placeId,
          category: "Model History",
          content: `Rewritten by the model: ${p.description}`,
          significance: `Why ${p.title} matters, in the model's words.`,
        })),
      ],
    };
  }
  if (kind === "deeper") {
    const level = prompt.includes("expert analysis") ? 3 : prompt.includes("deeper dive") ? 2 : 1;
    const title = prompt.match(/Title: (.*)/)?.[1] ?? "";
    return { details: `Model level ${level} about ${title}: grounded in the context it was given.` };
  }
  return {};
}
