#!/usr/bin/env -S npx tsx
// Create a Sentry release for the current commit and upload the source
// maps from ./dist. SENTRY_AUTH_TOKEN comes from the environment; the only
// host contacted is sentry.io.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

interface SentryConfig {
  org: string;
  project: string;
  token: string;
  release: string;
}

const BASE = "https://sentry.io/api/0";

function config(): SentryConfig {
  const token = process.env.SENTRY_AUTH_TOKEN;
  if (!token) throw new Error("SENTRY_AUTH_TOKEN is required");
  const sha = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  return {
    org: process.env.SENTRY_ORG ?? "acme",
    project: process.env.SENTRY_PROJECT ?? "storefront",
    token,
    release: `storefront@${sha.slice(0, 12)}`,
  };
}

async function sentry<T>(cfg: SentryConfig, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${BASE}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${cfg.token}`, ...(init.headers ?? {}) },
  });
  if (res.status === 409) return {} as T;
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

async function createRelease(cfg: SentryConfig): Promise<void> {
  await sentry(cfg, `/organizations/${cfg.org}/releases/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ version: cfg.release, projects: [cfg.project] }),
  });
  console.log(`release ${cfg.release} ready`);
}

async function uploadFile(cfg: SentryConfig, file: string, dist: string): Promise<void> {
  const form = new FormData();
  form.append("name", `~/${relative(dist, file).split("\\").join("/")}`);
  form.append("file", new Blob([readFileSync(file)]), relative(dist, file));
  await sentry(cfg, `/projects/${cfg.org}/${cfg.project}/releases/${encodeURIComponent(cfg.release)}/files/`, {
    method: "POST",
    body: form,
  });
}

async function main(): Promise<void> {
  const cfg = config();
  const dist = process.argv[2] ?? "dist";
  await createRelease(cfg);
  const files = [...walk(dist)].filter((f) => f.endsWith(".js") || f.endsWith(".js.map"));
  let done = 0;
  for (const file of files) {
    await uploadFile(cfg, file, dist);
    done += 1;
    if (done % 10 === 0) console.log(`  ${done}/${files.length} uploaded`);
  }
  await sentry(cfg, `/organizations/${cfg.org}/releases/${encodeURIComponent(cfg.release)}/`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ dateReleased: new Date().toISOString() }),
  });
  console.log(`uploaded ${done} file(s) to ${cfg.release}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
