/**
 * gerrit-reviewers.ts - suggest reviewers for open changes on review.internal
 * based on who touched the same files recently (read-only REST API).
 *
 * Uses the Gerrit REST API with HTTP basic auth (GERRIT_USER / GERRIT_HTTP_PASSWORD
 * from .env, the "HTTP credentials" generated in Gerrit settings).  Responses
 * start with the XSSI prefix ")]}'" which is stripped before JSON parsing.
 * Suggestions are printed and written to build/reviewer-suggestions.json; the
 * script never adds reviewers itself.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const BASE = process.env.GERRIT_URL ?? "https://review.internal";
const OUT = path.join(ROOT, "build", "reviewer-suggestions.json");
const HISTORY_DAYS = 90;
const MAX_SUGGESTIONS = 3;

interface ChangeInfo {
  _number: number;
  project: string;
  subject: string;
  owner: { _account_id: number; username?: string };
  current_revision?: string;
  revisions?: Record<string, { files?: Record<string, unknown> }>;
  reviewers?: { REVIEWER?: { _account_id: number; username?: string }[] };
}

interface Suggestion {
  change: number;
  subject: string;
  candidates: { username: string; score: number }[];
}

function credentials(): { user: string; password: string } {
  const env: Record<string, string> = {};
  const file = path.join(ROOT, ".env");
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
      const m = /^(GERRIT_[A-Z_]+)=(.*)$/.exec(line.trim());
      if (m) env[m[1]] = m[2].replace(/^"|"$/g, "");
    }
  }
  const user = process.env.GERRIT_USER ?? env.GERRIT_USER;
  const password = process.env.GERRIT_HTTP_PASSWORD ?? env.GERRIT_HTTP_PASSWORD;
  if (!user || !password) throw new Error("GERRIT_USER / GERRIT_HTTP_PASSWORD missing");
  return { user, password };
}

class Gerrit {
  private readonly auth: string;
  requests = 0;

  constructor(private readonly base: string, user: string, password: string) {
    const host = new URL(base).hostname;
    if (!host.endsWith(".internal")) throw new Error(`${host} is not the internal Gerrit`);
    this.auth = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
  }

  async get<T>(pathname: string): Promise<T> {
    for (let attempt = 0; attempt < 3; attempt++) {
      this.requests++;
      const res = await fetch(`${this.base}/a${pathname}`, { headers: { Authorization: this.auth, Accept: "application/json" } });
      if (res.status >= 500) {
        await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
        continue;
      }
      if (!res.ok) throw new Error(`GET ${pathname}: ${res.status}`);
      const text = await res.text();
      return JSON.parse(text.replace(/^\)\]\}'\n/, "")) as T;
    }
    throw new Error(`GET ${pathname}: giving up after retries`);
  }
}

async function openChanges(g: Gerrit, project?: string): Promise<ChangeInfo[]> {
  const q = encodeURIComponent(`status:open -is:wip${project ? ` project:${project}` : ""}`);
  return g.get<ChangeInfo[]>(`/changes/?q=${q}&o=CURRENT_REVISION&o=CURRENT_FILES&o=DETAILED_ACCOUNTS&o=DETAILED_LABELS&n=200`);
}

async function recentAuthorsOf(g: Gerrit, project: string, file: string, cache: Map<string, string[]>): Promise<string[]> {
  const key = `${project}:${file}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const q = encodeURIComponent(`status:merged project:${project} file:"${file}" -age:${HISTORY_DAYS}d`);
  const merged = await g.get<ChangeInfo[]>(`/changes/?q=${q}&o=DETAILED_ACCOUNTS&n=25`);
  const names = merged.map((c) => c.owner.username).filter((u): u is string => Boolean(u));
  cache.set(key, names);
  return names;
}

function rank(names: string[], exclude: Set<string>): { username: string; score: number }[] {
  const scores = new Map<string, number>();
  names.forEach((n, i) => {
    if (exclude.has(n)) return;
    // more recent changes come first in Gerrit results; weight them higher
    scores.set(n, (scores.get(n) ?? 0) + 1 / (1 + i * 0.1));
  });
  return [...scores]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_SUGGESTIONS)
    .map(([username, score]) => ({ username, score: Number(score.toFixed(2)) }));
}

async function suggest(g: Gerrit, change: ChangeInfo, cache: Map<string, string[]>): Promise<Suggestion> {
  const rev = change.current_revision ? change.revisions?.[change.current_revision] : undefined;
  const files = Object.keys(rev?.files ?? {}).filter((f) => f !== "/COMMIT_MSG").slice(0, 15);
  const names: string[] = [];
  for (const file of files) names.push(...(await recentAuthorsOf(g, change.project, file, cache)));
  const exclude = new Set<string>([change.owner.username ?? ""]);
  for (const r of change.reviewers?.REVIEWER ?? []) if (r.username) exclude.add(r.username);
  return { change: change._number, subject: change.subject, candidates: rank(names, exclude) };
}

/**
 * Accounts that are inactive or on vacation (status message set in Gerrit)
 * should not be suggested.  GET /accounts/{name}/status is cheap and cached.
 */
async function availability(g: Gerrit, usernames: string[]): Promise<Map<string, boolean>> {
  const result = new Map<string, boolean>();
  for (const name of usernames) {
    try {
      const account = await g.get<{ inactive?: boolean; status?: string }>(`/accounts/${encodeURIComponent(name)}`);
      const away = Boolean(account.inactive) || /vacation|away|ooo|out of office/i.test(account.status ?? "");
      result.set(name, !away);
    } catch {
      result.set(name, true);
    }
  }
  return result;
}

function applyAvailability(suggestions: Suggestion[], available: Map<string, boolean>): number {
  let removed = 0;
  for (const s of suggestions) {
    const before = s.candidates.length;
    s.candidates = s.candidates.filter((c) => available.get(c.username) !== false);
    removed += before - s.candidates.length;
  }
  return removed;
}

function reviewLoad(suggestions: Suggestion[]): [string, number][] {
  const load = new Map<string, number>();
  for (const s of suggestions) for (const c of s.candidates) load.set(c.username, (load.get(c.username) ?? 0) + 1);
  return [...load].sort((a, b) => b[1] - a[1]);
}

function print(suggestions: Suggestion[]): void {
  for (const s of suggestions) {
    const who = s.candidates.map((c) => `${c.username} (${c.score})`).join(", ") || "no candidates";
    console.log(`${String(s.change).padStart(6)}  ${s.subject.slice(0, 60).padEnd(60)}  ${who}`);
  }
}

function withoutReviewers(changes: ChangeInfo[]): number {
  return changes.filter((c) => !(c.reviewers?.REVIEWER ?? []).some((r) => r._account_id !== c.owner._account_id)).length;
}

async function main(): Promise<void> {
  const project = process.argv[2];
  const { user, password } = credentials();
  const gerrit = new Gerrit(BASE, user, password);
  const changes = await openChanges(gerrit, project);
  console.log(`${changes.length} open change(s), ${withoutReviewers(changes)} without any reviewer`);
  const cache = new Map<string, string[]>();
  const suggestions: Suggestion[] = [];
  for (const change of changes) suggestions.push(await suggest(gerrit, change, cache));
  const everyone = [...new Set(suggestions.flatMap((s) => s.candidates.map((c) => c.username)))];
  const removed = applyAvailability(suggestions, await availability(gerrit, everyone));
  if (removed) console.log(`${removed} suggestion(s) dropped for unavailable reviewers`);
  print(suggestions);
  for (const [name, n] of reviewLoad(suggestions).slice(0, 5)) console.log(`  would load ${name} with ${n} change(s)`);
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify({ at: new Date().toISOString(), base: BASE, suggestions }, null, 2));
  console.log(`${gerrit.requests} API requests; suggestions saved to ${path.relative(ROOT, OUT)}`);
}

main().catch((err: Error) => {
  console.error(`gerrit-reviewers: ${err.message}`);
  process.exitCode = 1;
});
