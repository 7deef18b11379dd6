// scripts/upload-sourcemaps.ts — upload dist/*.map to Sentry for the current release.
// Uses SENTRY_AUTH_TOKEN from the environment and the documented sentry.io API.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { execFileSync } from "node:child_process";

const SENTRY = "https://sentry.io/api/0";
const ORG = process.env.SENTRY_ORG ?? "acme";
const PROJECT = process.env.SENTRY_PROJECT ?? "web";
const DIST = "dist/assets";

function release(): string {
  const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
  return `${pkg.version}+${sha}`;
}

function maps(): string[] {
  return readdirSync(DIST)
    .filter((f) => f.endsWith(".js.map"))
    .map((f) => join(DIST, f));
}

async function sentry(path: string, token: string, init: RequestInit): Promise<Response> {
  const res = await fetch(`${SENTRY}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  if (!res.ok && res.status !== 409) throw new Error(`sentry ${path}: ${res.status} ${await res.text()}`);
  return res;
}

async function ensureRelease(version: string, token: string): Promise<void> {
  await sentry(`/organizations/${ORG}/releases/`, token, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ version, projects: [PROJECT] }),
  });
}

async function uploadMap(version: string, file: string, token: string): Promise<void> {
  const form = new FormData();
  form.append("file", new Blob([readFileSync(file)]), basename(file));
  form.append("name", `~/assets/${basename(file)}`);
  await sentry(`/projects/${ORG}/${PROJECT}/releases/${encodeURIComponent(version)}/files/`, token, {
    method: "POST",
    body: form,
  });
  console.log(`uploaded ${basename(file)} (${Math.round(statSync(file).size / 1024)} KB)`);
}

async function main(): Promise<void> {
  const token = process.env.SENTRY_AUTH_TOKEN;
  if (!token) throw new Error("SENTRY_AUTH_TOKEN is not set");
  const version = release();
  await ensureRelease(version, token);
  for (const f of maps()) await uploadMap(version, f, token);
  console.log(`release ${version} ready`);
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
