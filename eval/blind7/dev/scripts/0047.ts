#!/usr/bin/env -S npx tsx
// Fetch unresolved Sentry issues for the project and write a triage list.
import { writeFileSync, mkdirSync } from "node:fs";

const SENTRY = "https://sentry.io/api/0";
const org = process.env.SENTRY_ORG ?? "acme";
const project = process.env.SENTRY_PROJECT ?? "web";

interface Issue {
  id: string;
  title: string;
  culprit: string;
  count: string;
  userCount: number;
  lastSeen: string;
  permalink: string;
}

async function fetchIssues(token: string): Promise<Issue[]> {
  const url = `${SENTRY}/projects/${org}/${project}/issues/?query=is:unresolved&statsPeriod=14d&limit=50`;
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  if (res.status === 401) throw new Error("SENTRY_AUTH_TOKEN rejected");
  if (!res.ok) throw new Error(`sentry: ${res.status}`);
  return (await res.json()) as Issue[];
}

function toMarkdown(issues: Issue[]): string {
  const lines = [`# Unresolved issues (${org}/${project})`, ""];
  for (const i of issues) {
    lines.push(`- [ ] **${i.title}** — ${i.count} events, ${i.userCount} users, last ${i.lastSeen.slice(0, 10)}`);
    lines.push(`  - ${i.culprit} — ${i.permalink}`);
  }
  return lines.join("\n") + "\n";
}

async function main(): Promise<void> {
  const token = process.env.SENTRY_AUTH_TOKEN;
  if (!token) {
    console.error("set SENTRY_AUTH_TOKEN (org:read, project:read)");
    process.exit(1);
  }
  const issues = await fetchIssues(token);
  issues.sort((a, b) => Number(b.count) - Number(a.count));
  mkdirSync("build", { recursive: true });
  writeFileSync("build/triage.md", toMarkdown(issues));
  console.log(`${issues.length} issues written to build/triage.md`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
