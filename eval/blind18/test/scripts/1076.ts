#!/usr/bin/env -S npx tsx
// Sync repository settings for every repo in the team's GitHub org from
// repos.yaml: labels, default branch protection summary, and topics.
//
// Reads desired state from config/repos.yaml and compares it with the current
// state via api.github.com (GITHUB_TOKEN in the Authorization header only).
// Labels and topics are updated with --apply; branch protection is only
// *reported* (changing it is left to an admin in the UI).
import { readFileSync } from "node:fs";
import path from "node:path";
import YAML from "yaml";

const API = "https://api.github.com";
const TOKEN = process.env.GITHUB_TOKEN || "";
const APPLY = process.argv.slice(2).includes("--apply");
const CONFIG = path.resolve(__dirname, "..", "config", "repos.yaml");

interface LabelSpec {
  name: string;
  color: string;
  description?: string;
}

interface RepoSpec {
  name: string;
  topics?: string[];
  requiredChecks?: string[];
}

interface Config {
  org: string;
  labels: LabelSpec[];
  repos: RepoSpec[];
}

interface GhLabel {
  name: string;
  color: string;
  description: string | null;
}

if (!TOKEN) {
  console.error("GITHUB_TOKEN is required");
  process.exit(2);
}

async function gh<T>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${API}${p}`, {
    method,
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      Accept: "application/vnd.github+json",
      "X-GitHub-Api-Version": "2022-11-28",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 404) {
    return null as T;
  }
  if (!res.ok) {
    throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  }
  return (res.status === 204 ? null : await res.json()) as T;
}

async function allLabels(repo: string): Promise<GhLabel[]> {
  const out: GhLabel[] = [];
  for (let page = 1; ; page++) {
    const batch = await gh<GhLabel[]>("GET", `/repos/${repo}/labels?per_page=100&page=${page}`);
    if (!batch || batch.length === 0) {
      return out;
    }
    out.push(...batch);
  }
}

function sameLabel(a: GhLabel, b: LabelSpec): boolean {
  return a.color.toLowerCase() === b.color.toLowerCase() && (a.description ?? "") === (b.description ?? "");
}

async function syncLabels(repo: string, wanted: LabelSpec[]): Promise<string[]> {
  const current = new Map((await allLabels(repo)).map((l) => [l.name.toLowerCase(), l]));
  const actions: string[] = [];
  for (const spec of wanted) {
    const have = current.get(spec.name.toLowerCase());
    if (!have) {
      actions.push(`create label ${spec.name}`);
      if (APPLY) {
        await gh("POST", `/repos/${repo}/labels`, spec);
      }
    } else if (!sameLabel(have, spec)) {
      actions.push(`update label ${spec.name}`);
      if (APPLY) {
        await gh("PATCH", `/repos/${repo}/labels/${encodeURIComponent(have.name)}`, {
          new_name: spec.name,
          color: spec.color,
          description: spec.description ?? "",
        });
      }
    }
  }
  // extra labels are reported, never deleted: they may be in use on issues
  const wantedNames = new Set(wanted.map((w) => w.name.toLowerCase()));
  for (const [name, label] of current) {
    if (!wantedNames.has(name)) {
      actions.push(`(extra label kept: ${label.name})`);
    }
  }
  return actions;
}

async function syncTopics(repo: string, topics: string[] | undefined): Promise<string[]> {
  if (!topics) {
    return [];
  }
  const current = await gh<{ names: string[] }>("GET", `/repos/${repo}/topics`);
  const have = new Set(current?.names ?? []);
  const want = new Set(topics);
  const same = have.size === want.size && [...want].every((t) => have.has(t));
  if (same) {
    return [];
  }
  if (APPLY) {
    await gh("PUT", `/repos/${repo}/topics`, { names: topics });
  }
  return [`topics -> ${topics.join(", ")}`];
}

async function protectionReport(repo: string, required: string[] | undefined): Promise<string[]> {
  const info = await gh<{ default_branch: string }>("GET", `/repos/${repo}`);
  if (!info) {
    return [`repository ${repo} not found`];
  }
  const prot = await gh<{ required_status_checks?: { contexts: string[] } }>(
    "GET",
    `/repos/${repo}/branches/${info.default_branch}/protection`,
  );
  if (!prot) {
    return [`WARNING: ${info.default_branch} is not protected`];
  }
  const have = new Set(prot.required_status_checks?.contexts ?? []);
  const missing = (required ?? []).filter((c) => !have.has(c));
  return missing.length ? [`missing required checks on ${info.default_branch}: ${missing.join(", ")}`] : [];
}

function validateConfig(config: Config): void {
  const bad = config.labels.filter((l) => !/^[0-9a-fA-F]{6}$/.test(l.color));
  if (bad.length) {
    throw new Error(`invalid label colors: ${bad.map((l) => `${l.name}=${l.color}`).join(", ")}`);
  }
}

async function main(): Promise<void> {
  const config = YAML.parse(readFileSync(CONFIG, "utf8")) as Config;
  validateConfig(config);
  let total = 0;
  for (const repo of config.repos) {
    const full = `${config.org}/${repo.name}`;
    const actions = [
      ...(await syncLabels(full, config.labels)),
      ...(await syncTopics(full, repo.topics)),
      ...(await protectionReport(full, repo.requiredChecks)),
    ];
    if (!actions.length) {
      console.log(`${full}: in sync`);
      continue;
    }
    console.log(`${full}:`);
    for (const a of actions) {
      console.log(`  ${a}`);
    }
    total += actions.filter((a) => !a.startsWith("(")).length;
  }
  console.log(`\n${total} change(s) ${APPLY ? "applied" : "pending (dry run; pass --apply)"}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
