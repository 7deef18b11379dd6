#!/usr/bin/env -S npx tsx
// Post the nightly e2e summary to a Slack channel via the Web API.
// SLACK_BOT_TOKEN is taken from the environment and only sent to slack.com.
import { existsSync, readFileSync } from "node:fs";

enum Verdict {
  Green = "green",
  Flaky = "flaky",
  Red = "red",
}

interface SuiteSummary {
  passed: number;
  failed: number;
  flaky: number;
  durationSec: number;
  failures: { title: string; file: string }[];
}

interface SlackResponse {
  ok: boolean;
  error?: string;
  ts?: string;
}

const SLACK_API = "https://slack.com/api";

function verdict(s: SuiteSummary): Verdict {
  if (s.failed > 0) return Verdict.Red;
  if (s.flaky > 0) return Verdict.Flaky;
  return Verdict.Green;
}

const ICON: Record<Verdict, string> = {
  [Verdict.Green]: ":large_green_circle:",
  [Verdict.Flaky]: ":large_yellow_circle:",
  [Verdict.Red]: ":red_circle:",
};

function loadSummary(file: string): SuiteSummary {
  if (!existsSync(file)) throw new Error(`${file} not found; run the e2e suite first`);
  const raw = JSON.parse(readFileSync(file, "utf8")) as Partial<SuiteSummary>;
  return {
    passed: raw.passed ?? 0,
    failed: raw.failed ?? 0,
    flaky: raw.flaky ?? 0,
    durationSec: raw.durationSec ?? 0,
    failures: raw.failures ?? [],
  };
}

function blocks(s: SuiteSummary): unknown[] {
  const v = verdict(s);
  const head = `${ICON[v]} Nightly e2e: *${s.passed} passed*, ${s.failed} failed, ${s.flaky} flaky (${Math.round(s.durationSec / 60)} min)`;
  const out: unknown[] = [{ type: "section", text: { type: "mrkdwn", text: head } }];
  if (s.failures.length) {
    const list = s.failures.slice(0, 10).map((f) => `- ${f.title} (\`${f.file}\`)`).join("\n");
    out.push({ type: "section", text: { type: "mrkdwn", text: list } });
  }
  return out;
}

async function slack<T extends SlackResponse>(method: string, token: string, body: object): Promise<T> {
  const res = await fetch(`${SLACK_API}/${method}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json; charset=utf-8" },
    body: JSON.stringify(body),
  });
  const data = (await res.json()) as T;
  if (!data.ok) throw new Error(`slack ${method}: ${data.error}`);
  return data;
}

async function main(): Promise<void> {
  const token = process.env.SLACK_BOT_TOKEN;
  if (!token) {
    console.log("SLACK_BOT_TOKEN not set; not posting");
    return;
  }
  const channel = process.env.SLACK_CHANNEL ?? "#orbit-qa";
  const summary = loadSummary(process.argv[2] ?? "reports/e2e-summary.json");
  const posted = await slack<SlackResponse>("chat.postMessage", token, {
    channel,
    text: `Nightly e2e: ${verdict(summary)}`,
    blocks: blocks(summary),
  });
  console.log(`posted ${verdict(summary)} summary to ${channel} (ts ${posted.ts})`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
