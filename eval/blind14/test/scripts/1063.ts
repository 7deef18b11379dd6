#!/usr/bin/env -S npx tsx
// List the published tags of our public images on Docker Hub and flag
// tags older than N days. Uses the hub.docker.com v2 API; an optional
// DOCKERHUB_TOKEN from the environment raises the rate limit.

interface HubTag {
  name: string;
  last_updated: string;
  full_size: number;
}

interface HubPage<T> {
  count: number;
  next: string | null;
  results: T[];
}

type Fetched<T> = { kind: "ok"; data: T } | { kind: "error"; status: number; message: string };

const HUB = "https://hub.docker.com/v2";

function isHubPage(x: unknown): x is HubPage<HubTag> {
  if (typeof x !== "object" || x === null) return false;
  const page = x as Partial<HubPage<HubTag>>;
  return Array.isArray(page.results) && typeof page.count === "number";
}

async function fetchJson<T>(url: string, guard: (x: unknown) => x is T): Promise<Fetched<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (process.env.DOCKERHUB_TOKEN) headers.Authorization = `Bearer ${process.env.DOCKERHUB_TOKEN}`;
  const res = await fetch(url, { headers });
  if (!res.ok) return { kind: "error", status: res.status, message: await res.text() };
  const body: unknown = await res.json();
  return guard(body) ? { kind: "ok", data: body } : { kind: "error", status: 0, message: "bad shape" };
}

async function allTags(repo: string, maxPages = 10): Promise<HubTag[]> {
  const tags: HubTag[] = [];
  let url: string | null = `${HUB}/repositories/${repo}/tags?page_size=100`;
  for (let i = 0; url && i < maxPages; i++) {
    const page: Fetched<HubPage<HubTag>> = await fetchJson(url, isHubPage);
    if (page.kind === "error") throw new Error(`${repo}: HTTP ${page.status} ${page.message.slice(0, 120)}`);
    tags.push(...page.data.results);
    url = page.data.next && page.data.next.startsWith(HUB) ? page.data.next : null;
  }
  return tags;
}

function partition<T>(items: T[], pred: (t: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (pred(item) ? yes : no).push(item);
  return [yes, no];
}

async function main(): Promise<number> {
  const repos = process.argv.slice(2).length ? process.argv.slice(2) : ["nimbuslabs/orbit-api", "nimbuslabs/orbit-web"];
  const days = Number(process.env.TAG_MAX_AGE_DAYS ?? 180);
  const cutoff = Date.now() - days * 86_400_000;
  let stale = 0;
  console.log(`checking ${repos.length} repositories (max age ${days} days)`);
  if (!process.env.DOCKERHUB_TOKEN) console.log("no DOCKERHUB_TOKEN; anonymous rate limits apply");
  for (const repo of repos) {
    const tags = await allTags(repo);
    const [old, fresh] = partition(tags, (t) => Date.parse(t.last_updated) < cutoff);
    stale += old.length;
    const size = tags.reduce((n, t) => n + (t.full_size ?? 0), 0) / 1e9;
    console.log(`${repo}: ${tags.length} tags (${fresh.length} fresh, ${old.length} older than ${days}d), ${size.toFixed(2)} GB`);
    for (const t of old.slice(0, 10)) console.log(`   ${t.name.padEnd(24)} ${t.last_updated.slice(0, 10)}`);
  }
  return stale > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(2);
  },
);
