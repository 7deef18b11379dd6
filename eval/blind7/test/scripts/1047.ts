#!/usr/bin/env -S npx tsx
// Post a deploy summary to Slack and create a Datadog event for the release.
import { execFileSync } from "node:child_process";

const SLACK_WEBHOOK = process.env.SLACK_WEBHOOK_URL ?? "";
const DD_API = "https://api.datadoghq.com/api/v1/events";

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8" }).trim();
}

function summary(): { tag: string; commits: string[] } {
  const tag = git("describe", "--tags", "--abbrev=0");
  const prev = git("describe", "--tags", "--abbrev=0", `${tag}^`);
  const commits = git("log", "--format=%s", `${prev}..${tag}`).split("\n").filter(Boolean);
  return { tag, commits };
}

async function slack(text: string): Promise<void> {
  if (!SLACK_WEBHOOK.startsWith("https://hooks.slack.com/services/")) {
    console.log("SLACK_WEBHOOK_URL not set; message:\n" + text);
    return;
  }
  const res = await fetch(SLACK_WEBHOOK, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text }),
  });
  if (!res.ok) throw new Error(`slack: ${res.status}`);
}

async function datadog(title: string, text: string): Promise<void> {
  const key = process.env.DD_API_KEY;
  if (!key) {
    console.log("DD_API_KEY not set; skipping Datadog event");
    return;
  }
  const res = await fetch(DD_API, {
    method: "POST",
    headers: { "Content-Type": "application/json", "DD-API-KEY": key },
    body: JSON.stringify({ title, text, tags: ["service:web", "event:deploy"], alert_type: "info" }),
  });
  if (!res.ok) throw new Error(`datadog: ${res.status}`);
}

async function main(): Promise<void> {
  const { tag, commits } = summary();
  const text = [`*Deployed ${tag}*`, ...commits.slice(0, 15).map((c) => `• ${c}`)].join("\n");
  await slack(text);
  await datadog(`web ${tag} deployed`, commits.join("\n"));
  console.log("notifications sent");
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
