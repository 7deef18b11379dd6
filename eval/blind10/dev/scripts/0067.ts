// Create a Sentry release for the current commit, upload source maps from
// dist/ and mark the release as deployed. SENTRY_AUTH_TOKEN is only sent to
// sentry.io.
import { execFileSync } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

const SENTRY = "https://sentry.io/api/0";
const ROOT = path.resolve(__dirname, "..");
const DIST = path.join(ROOT, "dist");

interface Config {
  org: string;
  project: string;
  token: string;
  environment: string;
}

function config(): Config {
  const token = process.env.SENTRY_AUTH_TOKEN;
  const org = process.env.SENTRY_ORG ?? "finch-labs";
  const project = process.env.SENTRY_PROJECT ?? "finch-web";
  if (!token) throw new Error("SENTRY_AUTH_TOKEN is required");
  return { org, project, token, environment: process.argv[2] ?? "staging" };
}

function releaseName(): string {
  const sha = execFileSync("git", ["rev-parse", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  return `finch-web@${sha.slice(0, 12)}`;
}

async function api<T>(cfg: Config, method: string, endpoint: string, body?: unknown | FormData): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${cfg.token}` };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${SENTRY}${endpoint}`, { method, headers, body: payload });
  if (!res.ok && res.status !== 409) {
    throw new Error(`${method} ${endpoint}: ${res.status} ${await res.text()}`);
  }
  return (res.status === 204 ? undefined : await res.json()) as T;
}

async function* sourceMaps(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceMaps(full);
    else if (entry.name.endsWith(".js") || entry.name.endsWith(".js.map")) yield full;
  }
}

async function uploadArtifacts(cfg: Config, release: string): Promise<number> {
  let count = 0;
  const base = `/organizations/${cfg.org}/releases/${encodeURIComponent(release)}/files/`;
  for await (const file of sourceMaps(DIST)) {
    const form = new FormData();
    const rel = path.relative(DIST, file).split(path.sep).join("/");
    form.append("name", `~/${rel}`);
    form.append("file", new Blob([await readFile(file)]), path.basename(file));
    await api(cfg, "POST", base, form);
    count++;
  }
  return count;
}

async function main(): Promise<void> {
  const cfg = config();
  const release = releaseName();
  await api(cfg, "POST", `/organizations/${cfg.org}/releases/`, {
    version: release,
    projects: [cfg.project],
  });
  console.log(`release ${release} created`);
  const uploaded = await uploadArtifacts(cfg, release);
  console.log(`uploaded ${uploaded} artifact(s)`);
  await api(cfg, "POST", `/organizations/${cfg.org}/releases/${encodeURIComponent(release)}/deploys/`, {
    environment: cfg.environment,
  });
  console.log(`marked as deployed to ${cfg.environment}`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
