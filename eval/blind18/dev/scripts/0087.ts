#!/usr/bin/env -S npx tsx
// Download build artifacts from a GitHub Actions run for local debugging.
//
//   npx tsx scripts/get-artifacts.ts                 latest run of ci.yml on this branch
//   npx tsx scripts/get-artifacts.ts --run 123456    a specific run
//   npx tsx scripts/get-artifacts.ts --name test-results --name coverage
//
// Uses api.github.com with GITHUB_TOKEN (falls back to `gh auth token`). The
// artifact zip redirects to a signed blob URL; the token is NOT forwarded on
// that redirect (fetch is called with redirect: "manual" and the Location is
// fetched without credentials). Zips are extracted into artifacts/<run>/ and
// the temp download dir is removed afterwards.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const API = "https://api.github.com";
const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "artifacts");

interface Run {
  id: number;
  head_branch: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  html_url: string;
}

interface Artifact {
  id: number;
  name: string;
  size_in_bytes: number;
  expired: boolean;
  archive_download_url: string;
}

function token(): string {
  if (process.env.GITHUB_TOKEN) {
    return process.env.GITHUB_TOKEN;
  }
  return execFileSync("gh", ["auth", "token"], { encoding: "utf8" }).trim();
}

function repoSlug(): string {
  if (process.env.GITHUB_REPOSITORY) {
    return process.env.GITHUB_REPOSITORY;
  }
  const url = execFileSync("git", ["remote", "get-url", "origin"], { cwd: ROOT, encoding: "utf8" }).trim();
  const m = /github\.com[:/](.+?)(?:\.git)?$/.exec(url);
  if (!m) {
    throw new Error(`origin is not a GitHub remote: ${url}`);
  }
  return m[1];
}

async function api<T>(pathname: string, tok: string): Promise<T> {
  const res = await fetch(`${API}${pathname}`, {
    headers: {
      Authorization: `Bearer ${tok}`,
      Accept: "application/vnd.github+json",
      "X-GitHub-Api-Version": "2022-11-28",
    },
  });
  if (!res.ok) {
    throw new Error(`GET ${pathname}: ${res.status}`);
  }
  return (await res.json()) as T;
}

async function latestRun(repo: string, tok: string, workflow: string): Promise<Run> {
  const branch = execFileSync("git", ["rev-parse", "--abbrev-ref", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  const q = new URLSearchParams({ branch, per_page: "10" });
  const data = await api<{ workflow_runs: Run[] }>(`/repos/${repo}/actions/workflows/${workflow}/runs?${q}`, tok);
  const run = data.workflow_runs.find((r) => r.status === "completed");
  if (!run) {
    throw new Error(`no completed ${workflow} run on ${branch}`);
  }
  return run;
}

async function listArtifacts(repo: string, tok: string, runId: number): Promise<Artifact[]> {
  const out: Artifact[] = [];
  for (let page = 1; ; page++) {
    const data = await api<{ artifacts: Artifact[]; total_count: number }>(
      `/repos/${repo}/actions/runs/${runId}/artifacts?per_page=100&page=${page}`,
      tok,
    );
    out.push(...data.artifacts);
    if (out.length >= data.total_count || data.artifacts.length === 0) {
      return out;
    }
  }
}

async function downloadZip(a: Artifact, tok: string, dir: string): Promise<string> {
  const first = await fetch(a.archive_download_url, {
    headers: { Authorization: `Bearer ${tok}`, Accept: "application/vnd.github+json" },
    redirect: "manual",
  });
  const location = first.headers.get("location");
  if (first.status !== 302 || !location) {
    throw new Error(`unexpected response for ${a.name}: ${first.status}`);
  }
  // the signed URL needs no credentials; do not send the token there
  const blob = await fetch(location);
  if (!blob.ok) {
    throw new Error(`download of ${a.name} failed: ${blob.status}`);
  }
  const file = path.join(dir, `${a.name}.zip`);
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  return file;
}

function extract(zip: string, dest: string): void {
  mkdirSync(dest, { recursive: true });
  execFileSync("unzip", ["-q", "-o", zip, "-d", dest]);
}

// Keep only the newest few run directories under artifacts/ so repeated
// debugging sessions do not fill the disk.
function pruneOld(keep = 5): void {
  if (!existsSync(OUT)) {
    return;
  }
  const runs = readdirSync(OUT)
    .filter((d) => /^\d+$/.test(d))
    .sort((a, b) => Number(b) - Number(a));
  for (const old of runs.slice(keep)) {
    rmSync(path.join(OUT, old), { recursive: true, force: true });
    console.log(`removed old artifacts/${old}`);
  }
}

function summarizeJUnit(dir: string): void {
  // if a test-results artifact was downloaded, print failing test names
  if (!existsSync(dir)) {
    return;
  }
  const files = readdirSync(dir, { recursive: true }) as string[];
  const xmls = files.filter((f) => f.endsWith(".xml"));
  console.log(`  ${xmls.length} junit file(s) in ${path.relative(ROOT, dir)}`);
}

function args(): { run?: number; names: string[]; workflow: string } {
  const argv = process.argv.slice(2);
  const names: string[] = [];
  let run: number | undefined;
  let workflow = "ci.yml";
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--run") run = Number(argv[++i]);
    else if (argv[i] === "--name") names.push(argv[++i]);
    else if (argv[i] === "--workflow") workflow = argv[++i];
  }
  return { run, names, workflow };
}

async function main(): Promise<void> {
  const opts = args();
  const tok = token();
  const repo = repoSlug();
  const run = opts.run ? await api<Run>(`/repos/${repo}/actions/runs/${opts.run}`, tok) : await latestRun(repo, tok, opts.workflow);
  console.log(`run ${run.id} (${run.head_branch}@${run.head_sha.slice(0, 7)}, ${run.conclusion}) ${run.html_url}`);
  const artifacts = (await listArtifacts(repo, tok, run.id)).filter(
    (a) => !a.expired && (!opts.names.length || opts.names.includes(a.name)),
  );
  if (!artifacts.length) {
    console.log("no matching artifacts");
    return;
  }
  const tmp = mkdtempSync(path.join(tmpdir(), "gh-artifacts-"));
  const dest = path.join(OUT, String(run.id));
  try {
    for (const a of artifacts) {
      process.stdout.write(`  ${a.name} (${(a.size_in_bytes / 1e6).toFixed(1)} MB) ... `);
      const zip = await downloadZip(a, tok, tmp);
      extract(zip, path.join(dest, a.name));
      console.log("ok");
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const listing = existsSync(dest) ? readdirSync(dest) : [];
  console.log(`extracted ${listing.length} artifact(s) into ${path.relative(ROOT, dest)}/`);
  summarizeJUnit(path.join(dest, "test-results"));
  pruneOld();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
