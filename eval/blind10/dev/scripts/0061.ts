#!/usr/bin/env -S npx tsx
// Generate short release-note summaries from merged PR titles using the
// OpenAI API. OPENAI_API_KEY is read from the environment and sent only to
// api.openai.com. Output is written to docs/release-notes/<version>.md.
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

const API_URL = "https://api.openai.com/v1/chat/completions";
const ROOT = path.resolve(__dirname, "..");

interface CompletionResponse {
  choices: { message: { content: string } }[];
}

class RateLimitedClient {
  private lastCall = 0;

  constructor(
    private readonly apiKey: string,
    private readonly model = "gpt-4o-mini",
    private readonly minIntervalMs = 1000,
  ) {}

  private async throttle(): Promise<void> {
    const wait = this.lastCall + this.minIntervalMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    this.lastCall = Date.now();
  }

  async complete(system: string, user: string, attempt = 1): Promise<string> {
    await this.throttle();
    const res = await fetch(API_URL, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${this.apiKey}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        model: this.model,
        temperature: 0.2,
        messages: [
          { role: "system", content: system },
          { role: "user", content: user },
        ],
      }),
    });
    if (res.status === 429 && attempt < 4) {
      await new Promise((r) => setTimeout(r, 2 ** attempt * 1000));
      return this.complete(system, user, attempt + 1);
    }
    if (!res.ok) throw new Error(`OpenAI API ${res.status}: ${await res.text()}`);
    const data = (await res.json()) as CompletionResponse;
    return data.choices[0]?.message.content.trim() ?? "";
  }
}

function mergedTitles(fromTag: string): string[] {
  const out = execFileSync(
    "git",
    ["log", `${fromTag}..HEAD`, "--merges", "--pretty=%b"],
    { cwd: ROOT, encoding: "utf8" },
  );
  return out
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith("Co-authored-by"));
}

function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

async function main(): Promise<void> {
  const [version, fromTag] = process.argv.slice(2);
  if (!version || !fromTag) {
    console.error("usage: release-notes.ts <version> <previous-tag>");
    process.exitCode = 2;
    return;
  }
  const key = process.env.OPENAI_API_KEY;
  if (!key) throw new Error("OPENAI_API_KEY is not set");
  const client = new RateLimitedClient(key);
  const titles = mergedTitles(fromTag);
  const sections: string[] = [];
  for (const group of chunk(titles, 30)) {
    sections.push(
      await client.complete(
        "You write concise, user-facing release notes as markdown bullet points.",
        group.join("\n"),
      ),
    );
  }
  const dir = path.join(ROOT, "docs", "release-notes");
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${version}.md`);
  await writeFile(file, `# ${version}\n\n${sections.join("\n")}\n`);
  console.log(`wrote ${path.relative(ROOT, file)} from ${titles.length} PRs`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
