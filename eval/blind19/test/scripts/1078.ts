// scripts/preview.ts - reproduce a Vercel preview build locally, deploy only on request.
//
//   bun scripts/preview.ts                pull preview env vars, `vercel build`, run checks
//   bun scripts/preview.ts --serve        also serve .vercel/output on 127.0.0.1:3100
//   bun scripts/preview.ts --deploy       upload the prebuilt output as a preview deployment
//
// `vercel env pull` writes .vercel/.env.preview.local (git-ignored, created
// by the CLI with the project's preview variables); this script deletes it
// again when it finishes unless --keep-env is given.

import { spawnSync, spawn } from "node:child_process";
import { existsSync, rmSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

interface Options {
  serve: boolean;
  deploy: boolean;
  keepEnv: boolean;
}

const ROOT = path.resolve(import.meta.dir ?? __dirname, "..");
const OUTPUT = path.join(ROOT, ".vercel", "output");
const ENV_FILE = path.join(ROOT, ".vercel", ".env.preview.local");
const SERVE_PORT = 3100;
const MAX_FUNCTION_MB = 50;

function parse(argv: string[]): Options {
  return {
    serve: argv.includes("--serve"),
    deploy: argv.includes("--deploy"),
    keepEnv: argv.includes("--keep-env"),
  };
}

function vercel(args: string[], inherit = true): string {
  const r = spawnSync("vercel", args, {
    cwd: ROOT,
    encoding: "utf8",
    stdio: inherit ? "inherit" : ["ignore", "pipe", "pipe"],
    env: process.env,
  });
  if (r.status !== 0) {
    if (!inherit) process.stderr.write(r.stderr ?? "");
    throw new Error(`vercel ${args[0]} failed (${r.status})`);
  }
  return inherit ? "" : (r.stdout ?? "").trim();
}

function linked(): boolean {
  return existsSync(path.join(ROOT, ".vercel", "project.json"));
}

function pullEnv(): void {
  vercel(["env", "pull", ENV_FILE, "--environment=preview", "--yes"]);
  const count = readFileSync(ENV_FILE, "utf8").split("\n").filter((l) => /^[A-Z0-9_]+=/.test(l)).length;
  console.log(`pulled ${count} preview variable(s)`);
}

function cleanOutput(): void {
  rmSync(OUTPUT, { recursive: true, force: true });
}

function build(): void {
  vercel(["pull", "--yes", "--environment=preview"]);
  vercel(["build"]);
  if (!existsSync(path.join(OUTPUT, "config.json"))) throw new Error("build produced no .vercel/output/config.json");
}

function dirSize(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const st = statSync(p);
    total += st.isDirectory() ? dirSize(p) : st.size;
  }
  return total;
}

function checkFunctions(): string[] {
  const fnDir = path.join(OUTPUT, "functions");
  if (!existsSync(fnDir)) return [];
  const problems: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (name.endsWith(".func")) {
        const mb = dirSize(p) / 1024 / 1024;
        if (mb > MAX_FUNCTION_MB) problems.push(`${path.relative(fnDir, p)} is ${mb.toFixed(1)} MB`);
        const cfg = path.join(p, ".vc-config.json");
        if (existsSync(cfg)) {
          const runtime = JSON.parse(readFileSync(cfg, "utf8")).runtime as string | undefined;
          if (runtime && /nodejs1[0-6]/.test(runtime)) problems.push(`${path.relative(fnDir, p)} uses old runtime ${runtime}`);
        }
      } else if (statSync(p).isDirectory()) walk(p);
    }
  };
  walk(fnDir);
  return problems;
}

function checkHeaders(): string[] {
  const config = JSON.parse(readFileSync(path.join(OUTPUT, "config.json"), "utf8"));
  const routes: { headers?: Record<string, string> }[] = config.routes ?? [];
  const hasCsp = routes.some((r) => r.headers && Object.keys(r.headers).some((h) => h.toLowerCase() === "content-security-policy"));
  return hasCsp ? [] : ["no Content-Security-Policy header configured"];
}

function serve(): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["--no-install", "serve", path.join(OUTPUT, "static"), "-l", `tcp://127.0.0.1:${SERVE_PORT}`], {
      cwd: ROOT,
      stdio: "inherit",
    });
    console.log(`serving static output on http://127.0.0.1:${SERVE_PORT} (Ctrl-C to stop)`);
    process.once("SIGINT", () => child.kill("SIGINT"));
    child.on("exit", () => resolve());
  });
}

function deploy(): string {
  const url = vercel(["deploy", "--prebuilt"], false).split("\n").pop() ?? "";
  if (!url.startsWith("https://")) throw new Error(`unexpected deploy output: ${url}`);
  return url;
}

function cleanup(keepEnv: boolean): void {
  if (!keepEnv && existsSync(ENV_FILE)) {
    rmSync(ENV_FILE);
    console.log("removed .vercel/.env.preview.local");
  }
}

function routesSummary(): void {
  const config = JSON.parse(readFileSync(path.join(OUTPUT, "config.json"), "utf8"));
  const routes: { src?: string; dest?: string; status?: number }[] = config.routes ?? [];
  const redirects = routes.filter((r) => r.status && r.status >= 300 && r.status < 400).length;
  const rewrites = routes.filter((r) => r.dest && !r.status).length;
  console.log(`routes: ${routes.length} (${redirects} redirect(s), ${rewrites} rewrite(s))`);
}

function envDrift(): string[] {
  // variables referenced in code but missing from the preview environment
  const pulled = new Set(
    readFileSync(ENV_FILE, "utf8")
      .split("\n")
      .map((l) => l.split("=")[0])
      .filter(Boolean),
  );
  const example = path.join(ROOT, ".env.example");
  if (!existsSync(example)) return [];
  return readFileSync(example, "utf8")
    .split("\n")
    .map((l) => l.split("=")[0].trim())
    .filter((k) => /^[A-Z0-9_]+$/.test(k) && !pulled.has(k));
}

function gitState(): string {
  const r = spawnSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" });
  return (r.stdout ?? "").trim();
}

async function main(): Promise<void> {
  const opts = parse(process.argv.slice(2));
  if (!linked()) throw new Error("project not linked; run `vercel link` once");
  try {
    pullEnv();
    const drift = envDrift();
    if (drift.length) console.log(`not set for preview: ${drift.join(", ")}`);
    cleanOutput();
    build();
    const problems = [...checkFunctions(), ...checkHeaders()];
    problems.forEach((p) => console.log(`check: ${p}`));
    routesSummary();
    console.log(`output: ${(dirSize(OUTPUT) / 1024 / 1024).toFixed(1)} MB`);
    if (opts.deploy) {
      if (gitState()) console.log("warning: deploying with uncommitted changes");
      console.log(`preview: ${deploy()}`);
    }
    if (opts.serve) await serve();
  } finally {
    cleanup(opts.keepEnv);
  }
}

main().catch((err: Error) => {
  console.error(`preview: ${err.message}`);
  process.exitCode = 1;
});
