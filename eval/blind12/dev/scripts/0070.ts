#!/usr/bin/env -S npx tsx
// Upload source maps for the current release to Sentry so stack traces are
// readable. Uses SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT and the
// documented API at sentry.io. Maps are deleted from dist/ after upload so
// they are not served publicly.
import { execFileSync } from "node:child_process";
import { readdir, readFile, unlink } from "node:fs/promises";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname ?? ".", "..");
const DIST = path.join(ROOT, "dist");
const API = "https://sentry.io/api/0";

interface Env {
  token: string;
  org: string;
  project: string;
}

function env(): Env {
  const token = process.env.SENTRY_AUTH_TOKEN;
  const org = process.env.SENTRY_ORG;
  const project = process.env.SENTRY_PROJECT;
  if (!token || !org || !project) {
    throw new Error("SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT must be set");
  }
  return { token, org, project };
}

async function* files(dir: string, ext: string): AsyncGenerator<string> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(full, ext);
    else if (e.name.endsWith(ext)) yield full;
  }
}

class SentryReleases {
  constructor(private readonly e: Env) {}

  private auth(): Record<string, string> {
    return { Authorization: `Bearer ${this.e.token}` };
  }

  async ensureRelease(version: string): Promise<void> {
    const res = await fetch(`${API}/organizations/${this.e.org}/releases/`, {
      method: "POST",
      headers: { ...this.auth(), "Content-Type": "application/json" },
      body: JSON.stringify({ version, projects: [this.e.project] }),
    });
    if (!res.ok && res.status !== 208 && res.status !== 409) {
      throw new Error(`release create failed: ${res.status} ${await res.text()}`);
    }
  }

  async uploadFile(version: string, file: string): Promise<void> {
    const form = new FormData();
    const name = "~/" + path.relative(DIST, file).split(path.sep).join("/");
    form.set("name", name);
    form.set("file", new Blob([await readFile(file)]), path.basename(file));
    const url = `${API}/projects/${this.e.org}/${this.e.project}/releases/${encodeURIComponent(version)}/files/`;
    const res = await fetch(url, { method: "POST", headers: this.auth(), body: form });
    if (!res.ok && res.status !== 409) throw new Error(`upload ${name} failed: ${res.status}`);
  }
}

async function main(): Promise<void> {
  const e = env();
  const version =
    process.env.SENTRY_RELEASE ??
    execFileSync("git", ["rev-parse", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  const sentry = new SentryReleases(e);
  await sentry.ensureRelease(version);
  let uploaded = 0;
  const maps: string[] = [];
  for await (const file of files(DIST, ".js")) {
    await sentry.uploadFile(version, file);
    uploaded++;
  }
  for await (const map of files(DIST, ".js.map")) {
    await sentry.uploadFile(version, map);
    maps.push(map);
    uploaded++;
  }
  if (!process.argv.includes("--keep-maps")) {
    await Promise.all(maps.map((m) => unlink(m)));
  }
  console.log(`uploaded ${uploaded} files for release ${version.slice(0, 12)}; removed ${maps.length} maps`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
