/**
 * scripts/summarize-changelog.ts — draft the user-facing "What's new" text for a
 * release from the merged PR titles, using the Anthropic Messages API.
 *
 *   tsx scripts/summarize-changelog.ts v3.4.0..HEAD        print the draft
 *   tsx scripts/summarize-changelog.ts v3.4.0..HEAD --save write docs/whats-new/<ver>.md
 *
 * ANTHROPIC_API_KEY comes from the environment (or .env.local for local runs) and
 * is sent only in the x-api-key header to https://api.anthropic.com. Responses are
 * cached under ~/.cache/whats-new/ by prompt hash so re-runs are free.
 *
 * Notes:
 *  - Only user-facing commit types are sent (feat, fix, perf, refactor, docs…);
 *    chore/ci/test/build commits are filtered out before the prompt is built.
 *  - At most 120 commits are included; for bigger ranges split the release.
 *  - The cache key includes the model name, so switching models re-queries.
 *  - --offline produces a plain grouped list without calling the API, which is
 *    what CI uses when the key is not available (forks).
 *  - The draft always needs a human edit: check names of features against the
 *    docs and remove anything internal before publishing.
 *  - Rate limits (429) and server errors are retried with backoff up to 4 times.
 *  - The output is Markdown for docs/whats-new/, rendered by the docs site.
 *  - WHATS_NEW_MODEL overrides the model, e.g. for comparing drafts.
 *  - Commit hashes are never included in the prompt or the output.
 *  - Breaking changes are marked in the prompt so they are listed first.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const REPO = path.resolve(__dirname, "..");
const API_URL = "https://api.anthropic.com/v1/messages";
const MODEL = process.env.WHATS_NEW_MODEL ?? "claude-3-5-haiku-latest";
const CACHE = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "whats-new");
const MAX_ITEMS = 120;

interface Change {
  hash: string;
  subject: string;
  type: string;
  scope: string | null;
  breaking: boolean;
}

function apiKey(): string {
  if (process.env.ANTHROPIC_API_KEY) return process.env.ANTHROPIC_API_KEY;
  const envFile = path.join(REPO, ".env.local");
  if (existsSync(envFile)) {
    const m = /^ANTHROPIC_API_KEY=(.+)$/m.exec(readFileSync(envFile, "utf8"));
    if (m) return m[1].trim();
  }
  throw new Error("ANTHROPIC_API_KEY is not set");
}

function commits(range: string): Change[] {
  const out = execFileSync("git", ["log", "--no-merges", "--format=%h%x09%s", range], { cwd: REPO, encoding: "utf8" });
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [hash, subject] = line.split("\t");
      const m = /^(\w+)(?:\(([^)]+)\))?(!)?:\s*(.+)$/.exec(subject);
      return {
        hash,
        subject: m ? m[4] : subject,
        type: m ? m[1] : "other",
        scope: m?.[2] ?? null,
        breaking: Boolean(m?.[3]) || /BREAKING/.test(subject),
      };
    })
    .filter((c) => !["chore", "ci", "test", "build"].includes(c.type))
    .slice(0, MAX_ITEMS);
}

function prompt(version: string, changes: Change[]): string {
  const list = changes
    .map((c) => `- [${c.type}${c.scope ? `/${c.scope}` : ""}${c.breaking ? "/BREAKING" : ""}] ${c.subject}`)
    .join("\n");
  return [
    `Write the "What's new in ${version}" section for end users of a desktop note-taking app.`,
    "Group into: Highlights (max 3 bullets), Improvements, Fixes. Mention breaking changes first.",
    "Plain Markdown, no marketing superlatives, no commit hashes.",
    "",
    "Changes:",
    list,
  ].join("\n");
}

function cachePath(text: string): string {
  return path.join(CACHE, `${createHash("sha256").update(`${MODEL}\n${text}`).digest("hex")}.md`);
}

async function complete(text: string): Promise<string> {
  const cached = cachePath(text);
  if (existsSync(cached)) return readFileSync(cached, "utf8");
  for (let attempt = 1; attempt < 5; attempt++) {
    const res = await fetch(API_URL, {
      method: "POST",
      headers: {
        "x-api-key": apiKey(),
        "anthropic-version": "2023-06-01",
        "content-type": "application/json",
      },
      body: JSON.stringify({
        model: MODEL,
        max_tokens: 1200,
        messages: [{ role: "user", content: text }],
      }),
    });
    if (res.status === 429 || res.status > 499) {
      const wait = Number(res.headers.get("retry-after") ?? Math.pow(2, attempt));
      console.error(`api ${res.status}; retrying in ${wait}s`);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      continue;
    }
    if (!res.ok) throw new Error(`anthropic api ${res.status}: ${await res.text()}`);
    const body = (await res.json()) as { content: { type: string; text?: string }[] };
    const answer = body.content
      .filter((c) => c.type === "text")
      .map((c) => c.text)
      .join("\n")
      .trim();
    mkdirSync(CACHE, { recursive: true });
    writeFileSync(cached, answer);
    return answer;
  }
  throw new Error("too many retries");
}

function pruneCache(days = 90): number {
  if (!existsSync(CACHE)) return 0;
  let n = 0;
  const cutoff = Date.now() - days * 86_400_000;
  for (const f of require("node:fs").readdirSync(CACHE) as string[]) {
    const p = path.join(CACHE, f);
    if (require("node:fs").statSync(p).mtimeMs < cutoff) {
      require("node:fs").unlinkSync(p);
      n++;
    }
  }
  return n;
}

export { pruneCache };

function versionFrom(range: string): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO, "package.json"), "utf8")) as { version: string };
  const [, to] = range.split("..");
  return to && to !== "HEAD" ? to : `v${pkg.version}`;
}

function fallback(version: string, changes: Change[]): string {
  // used with --offline: a plain grouped list without the API
  const lines = [`## What's new in ${version}`, ""];
  const groups: Record<string, Change[]> = {};
  for (const c of changes) (groups[c.type] ??= []).push(c);
  for (const [type, list] of Object.entries(groups)) {
    lines.push(`### ${type}`, "", ...list.map((c) => `- ${c.subject}`), "");
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const range = args.find((a) => a.includes(".."));
  if (!range) throw new Error("usage: summarize-changelog.ts <from>..<to> [--save] [--offline]");
  const changes = commits(range);
  if (!changes.length) throw new Error(`no user-facing commits in ${range}`);
  const version = versionFrom(range);
  const text = args.includes("--offline") ? fallback(version, changes) : await complete(prompt(version, changes));
  console.log(text);
  if (args.includes("--save")) {
    const out = path.join(REPO, "docs", "whats-new", `${version}.md`);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${text}\n`);
    console.error(`saved ${path.relative(REPO, out)}`);
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
