// scripts/publish-docs.ts - build the Hugo docs and publish them with Netlify's API.
//
//   npx tsx scripts/publish-docs.ts            # build + link check only
//   npx tsx scripts/publish-docs.ts --draft    # upload a draft deploy, print its URL
//   npx tsx scripts/publish-docs.ts --prod     # upload and publish (main branch only)
//
// Uses Netlify's file-digest deploy API directly (api.netlify.com) with
// NETLIFY_AUTH_TOKEN: send a map of path -> sha1, then upload only the files
// Netlify says it does not have yet. public/ is rebuilt from scratch each run.

import { spawnSync, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, rmSync, existsSync } from "node:fs";
import path from "node:path";

interface DeployResponse {
  id: string;
  required: string[];
  deploy_ssl_url: string;
  state: string;
}

const SITE_DIR = path.resolve(__dirname, "..", "docs");
const PUBLIC = path.join(SITE_DIR, "public");
const API = "https://api.netlify.com/api/v1";
const SITE_ID = process.env.NETLIFY_SITE_ID ?? "harbor-docs";
const UPLOAD_CONCURRENCY = 6;

function hugoBuild(): void {
  rmSync(PUBLIC, { recursive: true, force: true });
  const r = spawnSync("hugo", ["--gc", "--minify", "--cleanDestinationDir", "--source", SITE_DIR], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("hugo build failed");
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

function sha1(file: string): string {
  return createHash("sha1").update(readFileSync(file)).digest("hex");
}

function digestMap(): Map<string, { file: string; sha: string }> {
  const map = new Map<string, { file: string; sha: string }>();
  for (const file of walk(PUBLIC)) {
    const rel = "/" + path.relative(PUBLIC, file).split(path.sep).join("/");
    map.set(rel, { file, sha: sha1(file) });
  }
  return map;
}

function brokenLinks(): string[] {
  const problems: string[] = [];
  const files = walk(PUBLIC).filter((f) => f.endsWith(".html"));
  const exists = (href: string) => {
    const clean = href.split("#")[0].split("?")[0];
    if (!clean) return true;
    const target = path.join(PUBLIC, clean);
    return existsSync(target) || existsSync(path.join(target, "index.html"));
  };
  for (const file of files) {
    const html = readFileSync(file, "utf8");
    for (const m of html.matchAll(/href="(\/[^"]*)"/g)) {
      if (!exists(m[1])) problems.push(`${path.relative(PUBLIC, file)} -> ${m[1]}`);
    }
  }
  return problems;
}

async function netlify<T>(method: string, p: string, token: string, body?: unknown, raw = false): Promise<T> {
  const res = await fetch(API + p, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": raw ? "application/octet-stream" : "application/json",
    },
    body: body === undefined ? undefined : raw ? (body as Buffer) : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Netlify ${method} ${p}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : {}) as T;
}

async function uploadRequired(deploy: DeployResponse, files: Map<string, { file: string; sha: string }>, token: string) {
  const bySha = new Map<string, string[]>();
  for (const [rel, { sha }] of files) bySha.set(sha, [...(bySha.get(sha) ?? []), rel]);
  const queue = deploy.required.flatMap((sha) => (bySha.get(sha) ?? []).slice(0, 1));
  let done = 0;
  const workers = Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
    while (queue.length) {
      const rel = queue.shift()!;
      const body = readFileSync(files.get(rel)!.file);
      await netlify("PUT", `/deploys/${deploy.id}/files${encodeURI(rel)}`, token, body, true);
      done++;
    }
  });
  await Promise.all(workers);
  return done;
}

async function waitReady(id: string, token: string): Promise<DeployResponse> {
  for (let i = 0; i < 60; i++) {
    const d = await netlify<DeployResponse>("GET", `/deploys/${id}`, token);
    if (d.state === "ready") return d;
    if (d.state === "error") throw new Error("deploy failed on Netlify's side");
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error("deploy did not become ready");
}

async function previousDeploys(token: string, limit = 5): Promise<{ id: string; created_at: string; state: string }[]> {
  return netlify("GET", `/sites/${SITE_ID}/deploys?per_page=${limit}`, token);
}

function totalSize(files: Map<string, { file: string; sha: string }>): number {
  let bytes = 0;
  for (const { file } of files.values()) bytes += statSync(file).size;
  return bytes;
}

function checkRobots(prod: boolean): void {
  // drafts must not be indexed; production must not block crawlers by accident
  const robots = path.join(PUBLIC, "robots.txt");
  if (!existsSync(robots)) return;
  const text = readFileSync(robots, "utf8");
  const blocksAll = /Disallow:\s*\/\s*$/m.test(text);
  if (prod && blocksAll) throw new Error("robots.txt blocks everything in a production build");
  if (!prod && !blocksAll) console.log("note: draft build allows crawling (drafts are not public anyway)");
}

function headers404(): void {
  // Netlify serves /404.html for missing pages; Hugo only emits it with a layout
  if (!existsSync(path.join(PUBLIC, "404.html"))) {
    console.log("warning: no 404.html in the build (add layouts/404.html)");
  }
  const redirects = path.join(PUBLIC, "_redirects");
  if (existsSync(redirects)) {
    const rules = readFileSync(redirects, "utf8").split("\n").filter((l) => l.trim() && !l.startsWith("#"));
    console.log(`${rules.length} redirect rule(s)`);
  }
}

function currentBranch(): string {
  return execFileSync("git", ["rev-parse", "--abbrev-ref", "HEAD"], { cwd: SITE_DIR, encoding: "utf8" }).trim();
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const draft = args.includes("--draft");
  const prod = args.includes("--prod");
  hugoBuild();
  const broken = brokenLinks();
  broken.slice(0, 30).forEach((b) => console.log(`broken: ${b}`));
  if (broken.length) throw new Error(`${broken.length} broken internal link(s)`);
  const files = digestMap();
  console.log(`${files.size} files built (${(totalSize(files) / 1e6).toFixed(1)} MB)`);
  checkRobots(prod);
  headers404();
  if (!draft && !prod) {
    console.log("build only; pass --draft or --prod to publish");
    return;
  }
  if (prod && currentBranch() !== "main") throw new Error("--prod only from main");
  const token = process.env.NETLIFY_AUTH_TOKEN;
  if (!token) throw new Error("NETLIFY_AUTH_TOKEN not set");

  const recent = await previousDeploys(token);
  if (recent.length) console.log(`last deploy: ${recent[0].id} (${recent[0].state}, ${recent[0].created_at})`);
  const digest = Object.fromEntries([...files].map(([rel, v]) => [rel, v.sha]));
  const deploy = await netlify<DeployResponse>("POST", `/sites/${SITE_ID}/deploys`, token, { files: digest, draft: !prod });
  const uploaded = await uploadRequired(deploy, files, token);
  const ready = await waitReady(deploy.id, token);
  console.log(`uploaded ${uploaded} new file(s); ${prod ? "published" : "draft"}: ${ready.deploy_ssl_url}`);
}

main().catch((err: Error) => {
  console.error(`publish-docs: ${err.message}`);
  process.exitCode = 1;
});
