// docs/deploy-pages.ts - build the Hugo docs and publish them to GitHub Pages.
//
//   npx tsx docs/deploy-pages.ts              build into docs/public and run checks
//   npx tsx docs/deploy-pages.ts --publish    commit the build to the gh-pages branch via the
//                                             Git Data API (api.github.com) and wait for Pages
//
// GITHUB_TOKEN needs contents:write on this repository. No local git history
// is rewritten: the gh-pages commit is created remotely with the API.

import { spawnSync, execFileSync } from "node:child_process";
import { readFileSync, readdirSync, statSync, rmSync, existsSync } from "node:fs";
import path from "node:path";

interface TreeEntry {
  path: string;
  mode: "100644";
  type: "blob";
  sha: string;
}

const DOCS = path.resolve(__dirname);
const PUBLIC = path.join(DOCS, "public");
const API = "https://api.github.com";
const BRANCH = "gh-pages";
const MAX_FILE_BYTES = 50 * 1024 * 1024;

function repo(): string {
  const url = execFileSync("git", ["remote", "get-url", "origin"], { cwd: DOCS, encoding: "utf8" }).trim();
  const m = url.match(/github\.com[/:](.+?)(\.git)?$/);
  if (!m) throw new Error(`origin ${url} is not hosted on GitHub`);
  return m[1];
}

function token(): string {
  const t = process.env.GITHUB_TOKEN;
  if (!t) throw new Error("GITHUB_TOKEN not set");
  return t;
}

async function gh<T>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API}${p}`, {
    method,
    headers: {
      Authorization: `Bearer ${token()}`,
      Accept: "application/vnd.github+json",
      "X-GitHub-Api-Version": "2022-11-28",
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 200)}`);
  return (text ? JSON.parse(text) : {}) as T;
}

function build(): void {
  rmSync(PUBLIC, { force: true, recursive: true });
  const r = spawnSync("hugo", ["--source", DOCS, "--gc", "--minify", "--cleanDestinationDir"], { stdio: "inherit" });
  if (r.status !== 0) throw new Error("hugo build failed (see output above)");
}

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else out.push(p);
  }
  return out;
}

function checks(list: string[]): string[] {
  const problems: string[] = [];
  for (const f of list) {
    const size = statSync(f).size;
    if (size > MAX_FILE_BYTES) problems.push(`${path.relative(PUBLIC, f)} is over 50 MB`);
  }
  if (!list.some((f) => path.relative(PUBLIC, f) === "index.html")) problems.push("no index.html");
  const html = list.filter((f) => f.endsWith(".html"));
  for (const f of html) {
    const text = readFileSync(f, "utf8");
    if (text.includes("localhost:1313")) problems.push(`${path.relative(PUBLIC, f)} links to the dev server`);
  }
  return problems;
}

async function createBlob(slug: string, file: string): Promise<string> {
  const content = readFileSync(file).toString("base64");
  const blob = await gh<{ sha: string }>("POST", `/repos/${slug}/git/blobs`, { content, encoding: "base64" });
  return blob.sha;
}

async function currentHead(slug: string): Promise<string | null> {
  try {
    const ref = await gh<{ object: { sha: string } }>("GET", `/repos/${slug}/git/ref/heads/${BRANCH}`);
    return ref.object.sha;
  } catch {
    return null;
  }
}

async function publish(list: string[]): Promise<string> {
  const slug = repo();
  const entries: TreeEntry[] = [];
  for (const f of list) {
    entries.push({ path: path.relative(PUBLIC, f).split(path.sep).join("/"), mode: "100644", type: "blob", sha: await createBlob(slug, f) });
  }
  entries.push({ path: ".nojekyll", mode: "100644", type: "blob", sha: await createBlobFromText(slug, "") });
  const tree = await gh<{ sha: string }>("POST", `/repos/${slug}/git/trees`, { tree: entries });
  const parent = await currentHead(slug);
  const source = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: DOCS, encoding: "utf8" }).trim();
  const commit = await gh<{ sha: string }>("POST", `/repos/${slug}/git/commits`, {
    message: `docs: publish ${source}`,
    tree: tree.sha,
    parents: parent ? [parent] : [],
  });
  if (parent) {
    await gh("PATCH", `/repos/${slug}/git/refs/heads/${BRANCH}`, { sha: commit.sha, force: false });
  } else {
    await gh("POST", `/repos/${slug}/git/refs`, { ref: `refs/heads/${BRANCH}`, sha: commit.sha });
  }
  return commit.sha;
}

async function createBlobFromText(slug: string, text: string): Promise<string> {
  const blob = await gh<{ sha: string }>("POST", `/repos/${slug}/git/blobs`, { content: text, encoding: "utf-8" });
  return blob.sha;
}

async function waitForPages(slug: string, sha: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const builds = await gh<{ status: string; commit: string }[]>("GET", `/repos/${slug}/pages/builds?per_page=5`);
    const mine = builds.find((b) => b.commit === sha);
    if (mine?.status === "built") {
      const pages = await gh<{ html_url: string }>("GET", `/repos/${slug}/pages`);
      return pages.html_url;
    }
    if (mine?.status === "errored") throw new Error("GitHub Pages build errored");
    await new Promise((done) => setTimeout(done, 5000));
  }
  throw new Error("timed out waiting for GitHub Pages");
}

// Pages serves from the branch root; a CNAME file keeps the custom domain.
function hasCname(list: string[]): boolean {
  return list.some((f) => path.relative(PUBLIC, f) === "CNAME");
}

function onMain(): boolean {
  const branch = execFileSync("git", ["rev-parse", "--abbrev-ref", "HEAD"], { cwd: DOCS, encoding: "utf8" }).trim();
  const dirty = execFileSync("git", ["status", "--porcelain", "--", "."], { cwd: DOCS, encoding: "utf8" }).trim();
  return branch === "main" && dirty === "";
}

async function main(): Promise<void> {
  const doPublish = process.argv.includes("--publish");
  build();
  const list = files(PUBLIC);
  const problems = checks(list);
  problems.forEach((p) => console.log(`problem: ${p}`));
  if (problems.length) {
    process.exitCode = 1;
    return;
  }
  console.log(`${list.length} files built`);
  if (!hasCname(list)) console.log("note: no CNAME in the build; Pages will use the default domain");
  if (!doPublish) {
    console.log("build only; --publish to deploy to GitHub Pages");
    return;
  }
  if (!onMain()) throw new Error("publish only from a clean main checkout");
  if (!existsSync(path.join(DOCS, "hugo.toml")) && !existsSync(path.join(DOCS, "config.toml"))) {
    throw new Error("no Hugo config in docs/");
  }
  const sha = await publish(list);
  console.log(`pushed ${BRANCH} commit ${sha.slice(0, 7)}; waiting for Pages`);
  console.log(`live: ${await waitForPages(repo(), sha)}`);
}

main().catch((err: Error) => {
  console.error(`deploy-pages: ${err.message}`);
  process.exitCode = 1;
});
