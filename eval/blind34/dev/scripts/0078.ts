#!/usr/bin/env -S npx tsx
/**
 * spin-release.ts — build, test and deploy the Spin app to Fermyon Cloud.
 *
 * Steps: parse spin.toml, check every component's source exists, run
 * `spin build`, run the component tests with `spin test` (if the plugin is
 * installed), smoke-test with `spin up` on 127.0.0.1, then `spin deploy`.
 *
 * Deployment only happens with --yes, and only if the Fermyon Cloud account
 * that `spin cloud login` is logged into matches deploy.account in
 * .spin-release.json.  The deploy uses the CLI's own stored login; this
 * script never reads or passes tokens.
 *
 *   npx tsx tools/spin-release.ts            # build + test + smoke
 *   npx tsx tools/spin-release.ts --yes      # … and deploy
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseToml } from "smol-toml";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SMOKE_PORT = 3917;
const children = new Set<ChildProcess>();

interface ReleaseConfig {
  deploy: { account: string; app?: string };
  smoke: Array<{ path: string; expectStatus: number; contains?: string }>;
}

interface Manifest {
  application: { name: string; version: string };
  component: Record<string, { source: string | { url: string }; build?: { command: string } }>;
}

function log(msg: string): void {
  console.log(`[spin-release] ${msg}`);
}

function die(msg: string): never {
  console.error(`[spin-release] error: ${msg}`);
  process.exit(1);
}

function run(cmd: string, args: string[], opts: { capture?: boolean } = {}): string {
  log(`$ ${cmd} ${args.join(" ")}`);
  const res = spawnSync(cmd, args, {
    cwd: ROOT,
    encoding: "utf8",
    stdio: opts.capture ? ["ignore", "pipe", "pipe"] : "inherit",
  });
  if (res.status !== 0) die(`${cmd} ${args[0]} exited ${res.status}${opts.capture ? `: ${res.stderr}` : ""}`);
  return opts.capture ? res.stdout : "";
}

function stopChildren(): void {
  for (const child of children) if (child.exitCode === null) child.kill("SIGINT");
}
process.on("exit", stopChildren);
process.on("SIGINT", () => {
  stopChildren();
  process.exit(130);
});

function loadManifest(): Manifest {
  const file = resolve(ROOT, "spin.toml");
  if (!existsSync(file)) die("spin.toml not found");
  return parseToml(readFileSync(file, "utf8")) as unknown as Manifest;
}

function loadConfig(): ReleaseConfig {
  const file = resolve(ROOT, ".spin-release.json");
  if (!existsSync(file)) die(".spin-release.json not found");
  const cfg = JSON.parse(readFileSync(file, "utf8")) as ReleaseConfig;
  if (!cfg.deploy?.account) die(".spin-release.json: deploy.account is required");
  return cfg;
}

function checkSources(manifest: Manifest): void {
  for (const [id, comp] of Object.entries(manifest.component ?? {})) {
    if (typeof comp.source !== "string") {
      log(`component ${id} uses a remote source; skipping existence check`);
      continue;
    }
    if (!comp.build && !existsSync(resolve(ROOT, comp.source))) {
      die(`component ${id}: ${comp.source} missing and no build command`);
    }
  }
}

function hasPlugin(name: string): boolean {
  const res = spawnSync("spin", ["plugins", "list", "--installed"], { encoding: "utf8" });
  return res.status === 0 && res.stdout.split("\n").some((l) => l.startsWith(name));
}

async function smoke(cfg: ReleaseConfig): Promise<void> {
  const up = spawn("spin", ["up", "--listen", `127.0.0.1:${SMOKE_PORT}`], { cwd: ROOT, stdio: "pipe" });
  children.add(up);
  const base = `http://127.0.0.1:${SMOKE_PORT}`;
  const deadline = Date.now() + 20000;
  for (;;) {
    try {
      await fetch(base, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline || up.exitCode !== null) die("spin up did not start");
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  try {
    for (const check of cfg.smoke) {
      const res = await fetch(`${base}${check.path}`);
      const body = await res.text();
      if (res.status !== check.expectStatus) die(`smoke ${check.path}: status ${res.status}`);
      if (check.contains && !body.includes(check.contains)) die(`smoke ${check.path}: missing "${check.contains}"`);
      log(`smoke ${check.path} ok`);
    }
  } finally {
    up.kill("SIGINT");
    children.delete(up);
  }
}

function loggedInAccount(): string | null {
  const res = spawnSync("spin", ["cloud", "apps", "list", "--format", "json"], { encoding: "utf8" });
  if (res.status !== 0) return null;
  const info = spawnSync("spin", ["cloud", "login", "--status", "--format", "json"], { encoding: "utf8" });
  if (info.status !== 0) return null;
  try {
    return (JSON.parse(info.stdout) as { account?: string }).account ?? null;
  } catch {
    return null;
  }
}

function recordRelease(manifest: Manifest, output: string): void {
  const dir = resolve(ROOT, "build");
  mkdirSync(dir, { recursive: true });
  const url = output.match(/https:\/\/\S+\.fermyon\.app\S*/)?.[0] ?? null;
  writeFileSync(
    resolve(dir, "last-release.json"),
    JSON.stringify({ app: manifest.application.name, version: manifest.application.version, url, at: new Date().toISOString() }, null, 2),
  );
}

/** Refuse to release from anything but a clean, tagged main branch. */
function gitChecks(yes: boolean): void {
  const status = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: ROOT, encoding: "utf8" });
  if (status.stdout.trim()) {
    if (yes) die("working tree has uncommitted changes");
    log("warning: uncommitted changes (fine for a dry run)");
  }
  const branch = spawnSync("git", ["rev-parse", "--abbrev-ref", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
  if (yes && branch !== "main") die(`deploys happen from main, not ${branch}`);
}

async function main(): Promise<void> {
  const yes = process.argv.includes("--yes");
  gitChecks(yes);
  const manifest = loadManifest();
  const cfg = loadConfig();
  log(`${manifest.application.name} ${manifest.application.version}`);
  checkSources(manifest);

  rmSync(resolve(ROOT, ".spin"), { recursive: true, force: true });
  run("spin", ["build"]);
  if (hasPlugin("test")) run("spin", ["test"]);
  else log("spin test plugin not installed; skipping component tests");
  await smoke(cfg);

  if (!yes) {
    log("build and smoke tests passed; re-run with --yes to deploy");
    return;
  }
  const account = loggedInAccount();
  if (!account) die("not logged in to Fermyon Cloud; run `spin cloud login`");
  if (account !== cfg.deploy.account) {
    die(`logged in as ${account}, but .spin-release.json deploys to ${cfg.deploy.account}`);
  }
  const output = run("spin", ["deploy", "--build", ...(cfg.deploy.app ? ["--key-value", `app=${cfg.deploy.app}`] : [])], {
    capture: true,
  });
  console.log(output);
  recordRelease(manifest, output);
  log("deployed");
}

main().catch((err: Error) => die(err.message));
