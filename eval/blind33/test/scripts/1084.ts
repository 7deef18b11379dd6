#!/usr/bin/env -S npx tsx
/**
 * varnish-purge.ts — targeted cache invalidation for the *local* Varnish of
 * the frontend dev stack, after rebuilding assets or changing fixtures.
 *
 * Two mechanisms:
 *   purge  HTTP PURGE of exact URLs (allowed by the dev VCL from 127.0.0.1)
 *   ban    `varnishadm ban` with a *restricted* expression: only
 *          req.url ~ "<prefix>" where the prefix starts with one of
 *          ALLOWED_PREFIXES, and only against the local varnishd (-n dir)
 *
 * A catch-all ban (req.url ~ ".") is refused; to empty the dev cache restart
 * the container instead. Every ban is recorded in build/varnish-bans.log.
 *
 *   npx tsx tools/varnish-purge.ts purge /static/app.js /static/app.css
 *   npx tsx tools/varnish-purge.ts ban /static/js/
 *   npx tsx tools/varnish-purge.ts list
 */
import { execFile } from "node:child_process";
import { appendFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const execFileP = promisify(execFile);
const ROOT = resolve(__dirname, "..");
const VARNISH = process.env.VARNISH_URL ?? "http://127.0.0.1:6081";
const VARNISH_DIR = process.env.VARNISH_WORKDIR ?? join(ROOT, "var", "varnish");
const LOG = join(ROOT, "build", "varnish-bans.log");
const ALLOWED_PREFIXES = ["/static/", "/assets/", "/api/fixtures/", "/img/"] as const;
const PATH_RE = /^\/[A-Za-z0-9._~\/-]*$/;

type Command = "purge" | "ban" | "list" | "stats";

function ensureLocal(): void {
  const host = new URL(VARNISH).hostname;
  if (host !== "127.0.0.1" && host !== "localhost") {
    throw new Error(`VARNISH_URL must be the local dev Varnish, got ${host}`);
  }
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function varnishadm(...args: string[]): Promise<string> {
  const { stdout } = await execFileP("varnishadm", ["-n", VARNISH_DIR, ...args], { timeout: 10_000 });
  return stdout;
}

function record(line: string): void {
  mkdirSync(join(ROOT, "build"), { recursive: true });
  appendFileSync(LOG, `${new Date().toISOString()} ${line}\n`);
}

async function purge(paths: string[]): Promise<number> {
  let failed = 0;
  for (const p of paths) {
    if (!PATH_RE.test(p)) {
      console.error(`skip ${p}: not a plain path`);
      failed += 1;
      continue;
    }
    const res = await fetch(`${VARNISH}${p}`, { method: "PURGE" });
    const ok = res.status === 200 || res.status === 204 || res.status === 404;
    console.log(`${ok ? "purged" : "FAILED"} ${p} (${res.status})`);
    if (!ok) failed += 1;
    else record(`purge ${p}`);
  }
  return failed;
}

async function ban(prefix: string): Promise<void> {
  if (!PATH_RE.test(prefix)) throw new Error(`prefix ${prefix} contains unexpected characters`);
  if (!ALLOWED_PREFIXES.some((a) => prefix.startsWith(a))) {
    throw new Error(`prefix must start with one of ${ALLOWED_PREFIXES.join(", ")}`);
  }
  if (prefix.length < 5) throw new Error("prefix too short; refusing a near catch-all ban");
  const expression = `req.url ~ "^${escapeRegex(prefix)}"`;
  await varnishadm("ban", expression);
  record(`ban ${expression}`);
  console.log(`banned ${expression}`);
}

async function list(): Promise<void> {
  const out = await varnishadm("ban.list");
  const lines = out.split("\n").filter((l) => l.trim());
  console.log(lines.slice(0, 30).join("\n"));
  if (lines.length > 30) console.log(`… ${lines.length - 30} more`);
}

async function stats(): Promise<void> {
  const { stdout } = await execFileP(
    "varnishstat",
    ["-n", VARNISH_DIR, "-1", "-f", "MAIN.cache_hit", "-f", "MAIN.cache_miss", "-f", "MAIN.bans", "-f", "MAIN.n_object"],
    { timeout: 10_000 },
  );
  const values = new Map<string, number>();
  for (const line of stdout.split("\n")) {
    const [name, value] = line.trim().split(/\s+/);
    if (name) values.set(name, Number(value));
  }
  const hit = values.get("MAIN.cache_hit") ?? 0;
  const miss = values.get("MAIN.cache_miss") ?? 0;
  const ratio = hit + miss ? (hit / (hit + miss)) * 100 : 0;
  console.log(`objects ${values.get("MAIN.n_object") ?? "?"}, bans ${values.get("MAIN.bans") ?? "?"}, hit ratio ${ratio.toFixed(1)}%`);
}

async function fromGitDiff(ref: string): Promise<string[]> {
  // derive URLs to purge from files changed under public/ since <ref>
  if (!/^[A-Za-z0-9._\/~^-]+$/.test(ref)) throw new Error(`invalid git ref ${ref}`);
  const { stdout } = await execFileP("git", ["diff", "--name-only", `${ref}...HEAD`, "--", "public/"], { cwd: ROOT });
  return stdout
    .split("\n")
    .map((f) => f.trim())
    .filter(Boolean)
    .map((f) => f.replace(/^public/, ""))
    .filter((p) => PATH_RE.test(p));
}

async function history(limit = 20): Promise<void> {
  // last bans/purges recorded by this tool
  const { readFileSync, existsSync } = await import("node:fs");
  if (!existsSync(LOG)) {
    console.log("no bans or purges recorded yet");
    return;
  }
  const lines = readFileSync(LOG, "utf8").trim().split("\n");
  for (const line of lines.slice(-limit)) console.log(line);
}

async function warm(paths: string[]): Promise<void> {
  // re-request purged URLs so the next page load is served from cache
  for (const p of paths) {
    const started = Date.now();
    const res = await fetch(`${VARNISH}${p}`).catch(() => null);
    console.log(`warm ${p} -> ${res ? res.status : "error"} in ${Date.now() - started} ms`);
  }
}

async function main(): Promise<number> {
  const [cmd, ...rest] = process.argv.slice(2) as [Command | "since" | "history", ...string[]];
  ensureLocal();
  if (cmd === "since") {
    if (rest.length !== 1) throw new Error("since takes a git ref, e.g. origin/main");
    const paths = await fromGitDiff(rest[0]);
    if (!paths.length) {
      console.log("no changed files under public/");
      return 0;
    }
    const failed = await purge(paths);
    await warm(paths);
    return failed ? 1 : 0;
  }
  if (cmd === "history") {
    await history();
    return 0;
  }
  switch (cmd) {
    case "purge":
      if (!rest.length) throw new Error("purge needs at least one path");
      return (await purge(rest)) ? 1 : 0;
    case "ban":
      if (rest.length !== 1) throw new Error("ban takes exactly one URL prefix");
      await ban(rest[0]);
      return 0;
    case "list":
      await list();
      return 0;
    case "stats":
      await stats();
      return 0;
    default:
      console.log("usage: varnish-purge.ts purge <path...> | ban <prefix> | list | stats");
      return 2;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: Error) => {
    console.error(`varnish-purge: ${err.message}`);
    process.exitCode = 1;
  },
);
