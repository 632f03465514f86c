import { expect, test } from "bun:test";
import { testApp } from "../../src/testing";
import { continueAsGuest, jsonPost } from "../auth/testing";
import { EVAL_CASES, runEval } from "./eval";
import type { ChatAnswer } from "./model";

/** The evaluation suite against the grounded provider (no model), through the API: ≥ 95 % must pass. */

const app = await testApp({ CHAT_MESSAGES_PER_MINUTE: "100000" });

test(`the evaluation suite: ${EVAL_CASES.length} questions over ${new Set(EVAL_CASES.map((c) => c.location)).size} cities`, async () => {
  const { cookie } = await continueAsGuest(app.request);
  const result = await runEval(async (query, location) => {
    const response = await app.request("/api/chat/recommendations", jsonPost({ query, location }, { cookie }));
    expect(response.status).toBe(200);
    return (await response.json()) as ChatAnswer;
  });
  const report = result.failed.map(
    (f) => `${f.case.location} — ${f.case.query}: ${f.why.join("; ")}\n   ${f.response}`,
  );
  console.log(`evaluation: ${result.passed}/${result.total} passed\n${report.join("\n")}`);
  expect(EVAL_CASES.length).toBeGreaterThanOrEqual(40);
  expect(result.passed / result.total).toBeGreaterThanOrEqual(0.95);
}, 300_000);
