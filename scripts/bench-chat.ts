/**
 * Chat benchmark (docs/decisions/018-chat.md), in one run:
 * 1. In process: the data-grounded provider (no model) answering the four suggested prompts and more, for a
 *    big city and a small town: time to first token and to the full answer, p50/p99 (target: p99 first token
 *    ≤ 100 ms), after one warm-up round per city (the state's places are imported on first use).
 * 2. Over HTTP: POST /api/chat/recommendations throughput against the hello route (/healthz) of the same
 *    server process, driven by autocannon from this process (the per-user limit is raised for the run).
 * 3. The evaluation suite (modules/chat/eval.ts) against the grounded provider in process: its pass rate, and
 *    the time to first token over its questions (12 cities; a place named, a city switched, off-topic…).
 * The in-process database starts as a copy of the test template with the places imported
 * (.tmp/test-templates/places.db, built by `bun scripts/test-template.ts .tmp/test-templates`) when it is there,
 * else empty (each state is then imported on first use, before the timed rounds).
 * Usage: bun scripts/bench-chat.ts [-- --rounds 50 --seconds 5 --connections 20]
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measure, printRows, type Row } from "./lib/autocannon";
import { freePort, guestCookie, startServer } from "./lib/server";
import { createContentService } from "../modules/content";
import { ChatService } from "../modules/chat";
import { EVAL_CASES, runEval } from "../modules/chat/eval";
import { chatSourcesOf } from "../src/app";
import { bootServices } from "../src/boot";
import { arg } from "./lib/args";

const rounds = arg("rounds", 50);
const seconds = arg("seconds", 5);
const connections = arg("connections", 20);
const quiet = { info() {}, warn() {}, error: console.error };

const QUESTIONS = [
  "What restaurants are popular here?",
  "What activities can I do today?",
  "Show me historical places nearby",
  "Where can I shop locally?",
  "Any good coffee?",
  "bars open now",
  "Where should I stay?",
  "things to do with kids",
];
const CITIES = ["Las Vegas, NV", "Ely, NV"];

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

// ---- 1. in process ----
const dir = mkdtempSync(join(tmpdir(), "localscope-bench-chat-"));
const template = join(import.meta.dir, "..", ".tmp", "test-templates", "places.db");
if (existsSync(template)) copyFileSync(template, join(dir, "inproc.db"));
try {
  const services = await bootServices(
    { DATABASE_URL: `file:${join(dir, "inproc.db")}`, DATABASE_AUTH_TOKEN: undefined, OVERPASS_URL: undefined },
    quiet,
  );
  const content = createContentService({
    client: services.database.client,
    places: services.places,
    llm: null,
    log: quiet,
  });
  const chat = new ChatService({ sources: chatSourcesOf(services, content), llm: null, log: quiet });
  for (const location of CITIES) for (const query of QUESTIONS) await chat.ask({ query, location, history: [] });
  const first: number[] = [];
  const full: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const location of CITIES) {
      for (const query of QUESTIONS) {
        const started = performance.now();
        let firstAt = 0;
        for await (const _token of chat.tokens({ query, location, history: [] }, { stream: true }))
          firstAt ||= performance.now();
        const done = performance.now();
        first.push(firstAt - started);
        full.push(done - started);
      }
    }
  }
  console.log(`Chat benchmark — Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores`);
  console.log(
    `1. Grounded provider in process: ${first.length} answers (${rounds} rounds × ${QUESTIONS.length} questions × ${CITIES.join(" and ")}), after a warm-up round`,
  );
  console.log("   ".padEnd(16), "p50 ms".padStart(8), "p99 ms".padStart(8), "max ms".padStart(8));
  for (const [name, values] of [
    ["first token", first],
    ["full answer", full],
  ] as const) {
    console.log(
      `   ${name}`.padEnd(16),
      pct(values, 50).toFixed(2).padStart(8),
      pct(values, 99).toFixed(2).padStart(8),
      Math.max(...values)
        .toFixed(2)
        .padStart(8),
    );
  }
  console.log(
    `   p99 time to first token ${pct(first, 99).toFixed(2)} ms → ${pct(first, 99) <= 100 ? "meets" : "ABOVE"} the 100 ms target`,
  );

  // ---- 3. the evaluation suite ----
  const ask = (query: string, location: string) => chat.ask({ query, location, history: [] });
  await runEval(ask); // warm-up: the states' places, the cities' texts
  const evalFirst: number[] = [];
  for (let r = 0; r < Math.max(1, Math.round(rounds / 5)); r++) {
    for (const c of EVAL_CASES) {
      const started = performance.now();
      let firstAt = 0;
      for await (const _token of chat.tokens({ query: c.query, location: c.location, history: [] }, { stream: true }))
        firstAt ||= performance.now();
      evalFirst.push(firstAt - started);
    }
  }
  const result = await runEval(ask);
  const cities = new Set(EVAL_CASES.map((c) => c.location)).size;
  console.log(
    `3. Evaluation suite (grounded provider): ${result.passed}/${result.total} passed (${((result.passed / result.total) * 100).toFixed(1)} %), ${cities} cities`,
  );
  for (const f of result.failed) console.log(`   FAILED ${f.case.location} — ${f.case.query}: ${f.why.join("; ")}`);
  console.log(
    `   first token over its ${evalFirst.length} answers: p50 ${pct(evalFirst, 50).toFixed(2)} ms, p99 ${pct(evalFirst, 99).toFixed(2)} ms → ${pct(evalFirst, 99) <= 100 ? "meets" : "ABOVE"} the 100 ms target`,
  );
  services.database.client.close();

  // ---- 2. over HTTP ----
  const { proc: server, base } = await startServer({
    port: await freePort(),
    databaseFile: join(dir, "http.db"),
    // The chat limit and the general per-address write limit raised: a run of 429s would measure the limiter.
    env: {
      CHAT_MESSAGES_PER_MINUTE: "1000000",
      RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
      OLLAMA_HOST: "",
      OLLAMA_API_KEY: "",
    },
  });
  try {
    const cookie = await guestCookie(base);
    const body = JSON.stringify({ query: "What restaurants are popular here?", location: "Las Vegas, NV" });
    const chatHeaders = { cookie, "content-type": "application/json", origin: base };
    const warm = await fetch(`${base}/api/chat/recommendations`, { method: "POST", headers: chatHeaders, body });
    if (!warm.ok) throw new Error(`/api/chat/recommendations answered ${warm.status}`);
    await warm.arrayBuffer();
    const targets = [
      { name: "hello (/healthz)", url: `${base}/healthz` },
      {
        name: "POST /api/chat/recommendations",
        url: `${base}/api/chat/recommendations`,
        method: "POST" as const,
        body,
        headers: chatHeaders,
      },
    ];
    const results: Row[] = [];
    for (const t of targets) results.push(await measure(t, { connections, seconds }));
    console.log(
      `2. Throughput — autocannon, ${connections} connections, ${seconds} s per route (load generator on the same machine)`,
    );
    printRows(results, "   ");
    console.log(
      results[1]!.errors
        ? `   /api/chat/recommendations: ${results[1]!.errors} errors (non-2xx answers or failed requests): no throughput figure`
        : `   /api/chat/recommendations: ${((results[1]!.rps / results[0]!.rps) * 100).toFixed(1)}% of hello throughput (grounded answer, a rate-limit write and a session read per request)`,
    );
  } finally {
    server.kill();
    await server.exited;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
