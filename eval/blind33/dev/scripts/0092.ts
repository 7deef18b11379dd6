#!/usr/bin/env -S npx tsx
/**
 * Mender deployment status for the gateway fleet (hosted Mender).
 *
 * Lists recent deployments, their per-device statistics and the devices
 * that failed, using the Management API of hosted.mender.io with a personal
 * access token (MENDER_TOKEN in the project's .env). With --logs <deployment>
 * it downloads the deployment logs of failed devices into build/mender-logs/.
 *
 * Optional --abort <deployment-id> --yes aborts a deployment that is still
 * in progress — only deployments whose name starts with "staging-" can be
 * aborted from here; production rollouts are handled in the Mender UI.
 *
 *   npx tsx tools/mender-status.ts
 *   npx tsx tools/mender-status.ts --logs 7c3a…
 *   npx tsx tools/mender-status.ts --abort 7c3a… --yes
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");
const API = "https://hosted.mender.io/api/management";
const LOG_DIR = join(ROOT, "build", "mender-logs");

interface Deployment {
  id: string;
  name: string;
  artifact_name: string;
  status: "scheduled" | "pending" | "inprogress" | "finished";
  created: string;
  finished?: string;
  device_count: number;
}

type Stats = Record<
  "success" | "failure" | "downloading" | "installing" | "rebooting" | "pending" | "noartifact" | "already-installed" | "aborted",
  number
>;

interface DeploymentDevice {
  id: string;
  status: string;
  finished?: string;
  log?: boolean;
}

function token(): string {
  if (process.env.MENDER_TOKEN) return process.env.MENDER_TOKEN;
  const file = join(ROOT, ".env");
  if (existsSync(file)) {
    const m = /^MENDER_TOKEN=(.*)$/m.exec(readFileSync(file, "utf8"));
    if (m) return m[1].trim();
  }
  throw new Error("MENDER_TOKEN not set (hosted.mender.io → Settings → Personal access tokens)");
}

async function mender<T>(method: string, route: string, body?: unknown): Promise<T> {
  let delay = 1000;
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${API}${route}`, {
      method,
      headers: { authorization: `Bearer ${token()}`, "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 429 && attempt < 5) {
      await new Promise((r) => setTimeout(r, delay));
      delay *= 2;
      continue;
    }
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    if (res.status === 204) return undefined as T;
    const type = res.headers.get("content-type") ?? "";
    return (type.includes("json") ? await res.json() : await res.text()) as T;
  }
}

async function recentDeployments(limit: number): Promise<Deployment[]> {
  return mender<Deployment[]>("GET", `/v1/deployments/deployments?per_page=${limit}&sort=desc`);
}

async function stats(id: string): Promise<Stats> {
  return mender<Stats>("GET", `/v1/deployments/deployments/${id}/statistics`);
}

async function devices(id: string): Promise<DeploymentDevice[]> {
  return mender<DeploymentDevice[]>("GET", `/v1/deployments/deployments/${id}/devices?per_page=500`);
}

function pct(n: number, total: number): string {
  return total ? `${((n / total) * 100).toFixed(0)}%` : "-";
}

async function printOverview(limit: number): Promise<number> {
  const list = await recentDeployments(limit);
  let failing = 0;
  for (const d of list) {
    const s = await stats(d.id);
    const total = d.device_count || Object.values(s).reduce((a, b) => a + b, 0);
    const active = s.downloading + s.installing + s.rebooting + s.pending;
    if (s.failure) failing++;
    console.log(
      `${d.created.slice(0, 16)}  ${d.status.padEnd(10)} ${d.name.padEnd(28)} ${d.artifact_name.padEnd(26)} ` +
        `ok ${pct(s.success + s["already-installed"], total).padStart(4)}  fail ${String(s.failure).padStart(3)}  active ${active}`,
    );
  }
  return failing;
}

async function fetchLogs(id: string): Promise<void> {
  const failed = (await devices(id)).filter((d) => d.status === "failure");
  if (!failed.length) {
    console.log("no failed devices in this deployment");
    return;
  }
  const dir = join(LOG_DIR, id);
  mkdirSync(dir, { recursive: true });
  for (const dev of failed) {
    try {
      const log = await mender<string>("GET", `/v1/deployments/deployments/${id}/devices/${dev.id}/log`);
      writeFileSync(join(dir, `${dev.id}.log`), log);
      const lastError = log.split("\n").filter((l) => /error/i.test(l)).pop() ?? "(no error line)";
      console.log(`${dev.id}: ${lastError.slice(0, 140)}`);
    } catch (err) {
      console.log(`${dev.id}: log not available (${(err as Error).message})`);
    }
  }
  console.log(`logs saved under ${dir.slice(ROOT.length + 1)}`);
}

async function abort(id: string, yes: boolean): Promise<void> {
  const d = await mender<Deployment>("GET", `/v1/deployments/deployments/${id}`);
  if (!d.name.startsWith("staging-")) throw new Error(`deployment ${d.name} is not a staging rollout; abort it in the Mender UI`);
  if (d.status === "finished") {
    console.log(`${d.name} already finished`);
    return;
  }
  if (!yes) {
    console.log(`would abort ${d.name} (${d.status}); pass --yes`);
    return;
  }
  await mender("PUT", `/v1/deployments/deployments/${id}/status`, { status: "aborted" });
  console.log(`aborted ${d.name}`);
}

async function pendingDevices(): Promise<number> {
  // devices waiting for authorization show up in the overview as a reminder
  try {
    const list = await mender<{ id: string }[]>("GET", "/v2/devauth/devices?status=pending&per_page=100");
    return list.length;
  } catch {
    return 0;
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const pending = await pendingDevices();
  if (pending) console.log(`${pending} device(s) waiting for authorization in the Mender UI\n`);
  const logsFor = arg("--logs");
  const abortId = arg("--abort");
  if (logsFor) {
    await fetchLogs(logsFor);
    return 0;
  }
  if (abortId) {
    await abort(abortId, args.includes("--yes"));
    return 0;
  }
  const failing = await printOverview(Number(arg("--limit") ?? 10));
  return failing ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`error: ${err.message}`);
    process.exitCode = 2;
  },
);
