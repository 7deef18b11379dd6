// scripts/sentry-release.ts - create a Sentry release for the web app,
// associate commits, upload source maps with sentry-cli and mark the deploy.
//
//   SENTRY_AUTH_TOKEN=... npx tsx scripts/sentry-release.ts --env staging
//   npx tsx scripts/sentry-release.ts --env production --dry-run
//   npx tsx scripts/sentry-release.ts --list          # recent releases
//
// Talks only to sentry.io (REST API + the official CLI). The token comes from
// the environment and is passed to sentry-cli via its documented env var.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface Config {
  orgSlug: string;
  projectSlug: string;
  env: "staging" | "production";
  dryRun: boolean;
  list: boolean;
  distDir: string;
}

interface ReleaseSummary {
  version: string;
  dateCreated: string;
  newGroups: number;
}

const API = "https://sentry.io/api/0";
const ENVS = new Set(["staging", "production"]);
const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,49}$/;

function config(argv: string[]): Config {
  const get = (f: string) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : undefined);
  const env = get("--env") ?? "staging";
  if (!ENVS.has(env)) throw new Error("--env staging|production");
  const orgSlug = process.env.SENTRY_ORG ?? "acme";
  const projectSlug = process.env.SENTRY_PROJECT ?? "web";
  if (!SLUG_RE.test(orgSlug) || !SLUG_RE.test(projectSlug)) throw new Error("SENTRY_ORG/SENTRY_PROJECT must be slugs");
  const distDir = get("--dist") ?? "dist";
  if (distDir.includes("..")) throw new Error("--dist must be inside the repo");
  return {
    orgSlug,
    projectSlug,
    env: env as Config["env"],
    dryRun: argv.includes("--dry-run"),
    list: argv.includes("--list"),
    distDir,
  };
}

function token(): string {
  const t = process.env.SENTRY_AUTH_TOKEN;
  if (!t) throw new Error("SENTRY_AUTH_TOKEN is not set");
  return t;
}

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8" }).trim();
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8")) as { version?: string };
  if (!pkg.version) throw new Error("package.json has no version");
  return pkg.version;
}

function releaseName(project: string): string {
  return `${project}@${packageVersion()}+${git("rev-parse", "--short=12", "HEAD")}`;
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const res = await fetch(`${API}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token()}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 429 && attempt < 3) {
      await new Promise((r) => setTimeout(r, attempt * 2000));
      continue;
    }
    if (!res.ok) throw new Error(`sentry ${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  throw new Error("sentry: rate limited");
}

function sourceMaps(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith(".js.map")) out.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

function sentryCli(args: string[], cfg: Config): void {
  const bin = join(process.cwd(), "node_modules", ".bin", "sentry-cli");
  if (!existsSync(bin)) throw new Error("@sentry/cli is not installed");
  const r = spawnSync(bin, args, {
    stdio: "inherit",
    env: { ...process.env, SENTRY_ORG: cfg.orgSlug, SENTRY_PROJECT: cfg.projectSlug, SENTRY_AUTH_TOKEN: token() },
  });
  if (r.status !== 0) throw new Error(`sentry-cli ${args[0]} ${args[1] ?? ""} failed`);
}

async function listReleases(cfg: Config): Promise<void> {
  const releases = await api<ReleaseSummary[]>(
    "GET",
    `/projects/${cfg.orgSlug}/${cfg.projectSlug}/releases/?per_page=10`,
  );
  for (const r of releases) {
    console.log(`${r.dateCreated.slice(0, 19)}  ${r.version.padEnd(40)} new issues: ${r.newGroups}`);
  }
}

function previousTag(): string | null {
  try {
    return git("describe", "--tags", "--abbrev=0", "HEAD^");
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const cfg = config(process.argv.slice(2));
  if (cfg.list) {
    await listReleases(cfg);
    return;
  }
  const name = releaseName(cfg.projectSlug);
  const maps = sourceMaps(cfg.distDir);
  const previous = previousTag();
  console.log(`release ${name} -> ${cfg.env}; ${maps.length} source map(s); previous tag ${previous ?? "none"}`);
  if (!maps.length) console.warn("no source maps found; stack traces will be minified");
  if (cfg.dryRun) return;

  const base = `/organizations/${cfg.orgSlug}/releases`;
  await api("POST", `${base}/`, {
    version: name,
    projects: [cfg.projectSlug],
    refs: [{ repository: `${cfg.orgSlug}/${cfg.projectSlug}`, commit: git("rev-parse", "HEAD"), previousCommit: previous ?? undefined }],
  });
  console.log("created release");

  if (maps.length) {
    sentryCli(["sourcemaps", "upload", "--release", name, "--url-prefix", "~/assets", cfg.distDir], cfg);
  }

  await api("POST", `${base}/${encodeURIComponent(name)}/deploys/`, {
    environment: cfg.env,
    name: `${cfg.env}-${new Date().toISOString()}`,
  });
  await api("PUT", `${base}/${encodeURIComponent(name)}/`, {
    dateReleased: new Date().toISOString(),
  });
  console.log(`finalized ${name} and recorded deploy to ${cfg.env}`);
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
