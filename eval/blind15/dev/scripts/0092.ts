// scripts/summarize-changes.ts - draft human-friendly release notes from the
// commits since the last tag using the OpenAI Chat Completions API.
//
//   OPENAI_API_KEY=... npx tsx scripts/summarize-changes.ts
//   npx tsx scripts/summarize-changes.ts --since v3.2.0 --out RELEASE_NOTES.md
//   npx tsx scripts/summarize-changes.ts --offline     # skip the API, print the prompt
//
// Only commit subjects and PR numbers are sent; diffs are not. The key comes
// from OPENAI_API_KEY and is only used in the Authorization header to
// api.openai.com.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

interface Opts {
  since: string | null;
  out: string | null;
  model: string;
  offline: boolean;
  maxCommits: number;
}

interface ChatResponse {
  choices: Array<{ message: { content: string } }>;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

const API_URL = "https://api.openai.com/v1/chat/completions";
const TAG_RE = /^v?\d+\.\d+\.\d+(-[\w.]+)?$/;
const OUT_RE = /^[\w./-]+\.md$/;

function parse(argv: string[]): Opts {
  const get = (f: string) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : null);
  const since = get("--since");
  const out = get("--out");
  if (since && !TAG_RE.test(since)) throw new Error("--since must be a version tag");
  if (out && (!OUT_RE.test(out) || out.includes(".."))) throw new Error("--out must be a .md path inside the repo");
  return {
    since,
    out,
    model: get("--model") ?? "gpt-4o-mini",
    offline: argv.includes("--offline"),
    maxCommits: Number(get("--max") ?? 300),
  };
}

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8" }).trim();
}

function lastTag(): string | null {
  try {
    return git("describe", "--tags", "--abbrev=0");
  } catch {
    return null;
  }
}

function subjects(since: string | null, max: number): string[] {
  const range = since ? `${since}..HEAD` : "HEAD";
  return git("log", range, "--no-merges", `--max-count=${max}`, "--pretty=%s")
    .split("\n")
    .filter(Boolean)
    .filter((s) => !/^(chore\(release\)|Merge )/.test(s));
}

function buildPrompt(version: string, lines: string[]): Array<{ role: string; content: string }> {
  return [
    {
      role: "system",
      content:
        "You write concise release notes for developers. Group changes under Features, Fixes and " +
        "Internal. Keep PR numbers like (#123). Do not invent changes. Output Markdown only.",
    },
    {
      role: "user",
      content: `Release ${version}. Commit subjects:\n\n${lines.map((l) => `- ${l}`).join("\n")}`,
    },
  ];
}

async function complete(model: string, messages: Array<{ role: string; content: string }>): Promise<ChatResponse> {
  const key = process.env.OPENAI_API_KEY;
  if (!key) throw new Error("OPENAI_API_KEY is not set (or use --offline)");
  for (let attempt = 1; attempt <= 4; attempt++) {
    const res = await fetch(API_URL, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model, messages, temperature: 0.2 }),
    });
    if (res.status === 429 || res.status >= 500) {
      const wait = Number(res.headers.get("retry-after") ?? attempt * 2);
      console.error(`API ${res.status}; retrying in ${wait}s`);
      await new Promise((r) => setTimeout(r, wait * 1000));
      continue;
    }
    if (!res.ok) throw new Error(`OpenAI API ${res.status}: ${await res.text()}`);
    return (await res.json()) as ChatResponse;
  }
  throw new Error("OpenAI API: too many retries");
}

function looksLikeMarkdown(text: string): boolean {
  // guard against the model answering with prose or an apology
  const headings = text.split("\n").filter((l) => l.startsWith("#")).length;
  const bullets = text.split("\n").filter((l) => /^\s*[-*] /.test(l)).length;
  return headings >= 1 && bullets >= 1;
}

function fallback(version: string, lines: string[]): string {
  const feat = lines.filter((l) => l.startsWith("feat"));
  const fix = lines.filter((l) => l.startsWith("fix"));
  const other = lines.filter((l) => !feat.includes(l) && !fix.includes(l));
  const section = (t: string, xs: string[]) => (xs.length ? `### ${t}\n\n${xs.map((x) => `- ${x}`).join("\n")}\n` : "");
  return [`## ${version}`, "", section("Features", feat), section("Fixes", fix), section("Internal", other)].join("\n");
}

async function main(): Promise<void> {
  const opts = parse(process.argv.slice(2));
  const since = opts.since ?? lastTag();
  const lines = subjects(since, opts.maxCommits);
  if (!lines.length) {
    console.log(`no commits since ${since ?? "the beginning"}`);
    return;
  }
  const version = `unreleased (since ${since ?? "start"})`;
  const messages = buildPrompt(version, lines);
  let notes: string;
  if (opts.offline) {
    console.log(JSON.stringify(messages, null, 2));
    notes = fallback(version, lines);
  } else {
    try {
      const res = await complete(opts.model, messages);
      const answer = res.choices[0]?.message.content.trim() ?? "";
      notes = looksLikeMarkdown(answer) ? answer : fallback(version, lines);
      if (res.usage) console.error(`tokens: ${res.usage.prompt_tokens} in / ${res.usage.completion_tokens} out`);
    } catch (e) {
      console.error(`${(e as Error).message}; falling back to plain grouping`);
      notes = fallback(version, lines);
    }
  }
  if (opts.out) {
    writeFileSync(opts.out, notes + "\n");
    console.log(`wrote ${opts.out}`);
  } else {
    console.log(notes);
  }
}

main().catch((e: Error) => {
  console.error(e.message);
  process.exit(1);
});
