#!/usr/bin/env -S npx tsx
// Generate short alt-text for the images in docs/img with the OpenAI API and
// write them into docs/img/alt-text.json for the docs build.
// The client takes its options from a config object merged with env overrides.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const IMG_DIR = join(ROOT, "docs", "img");

interface ClientOptions {
  apiKey: string;
  baseURL: string;
  model: string;
  timeoutMs: number;
}

const DEFAULTS: Omit<ClientOptions, "apiKey"> = {
  baseURL: "https://api.openai.example.net/v1",
  model: "gpt-4o-mini",
  timeoutMs: 30_000,
};

class VisionClient {
  constructor(private readonly opts: ClientOptions) {}

  async describe(imagePath: string): Promise<string> {
    const mime = extname(imagePath) === ".png" ? "image/png" : "image/jpeg";
    const data = readFileSync(imagePath).toString("base64");
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.opts.timeoutMs);
    try {
      const res = await fetch(`${this.opts.baseURL}/chat/completions`, {
        method: "POST",
        signal: controller.signal,
        headers: { Authorization: `Bearer ${this.opts.apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          model: this.opts.model,
          max_tokens: 60,
          messages: [
            {
              role: "user",
              content: [
                { type: "text", text: "Write concise alt text (max 15 words) for this documentation image." },
                { type: "image_url", image_url: { url: `data:${mime};base64,${data}` } },
              ],
            },
          ],
        }),
      });
      if (!res.ok) throw new Error(`API ${res.status}`);
      const body = (await res.json()) as { choices: { message: { content: string } }[] };
      return body.choices[0].message.content.trim();
    } finally {
      clearTimeout(timer);
    }
  }
}

function options(): ClientOptions {
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey) throw new Error("OPENAI_API_KEY is not set");
  return { ...DEFAULTS, apiKey, model: process.env.ALT_TEXT_MODEL ?? DEFAULTS.model };
}

async function main(): Promise<void> {
  const client = new VisionClient(options());
  const outFile = join(IMG_DIR, "alt-text.json");
  const existing: Record<string, string> = JSON.parse(
    (() => {
      try {
        return readFileSync(outFile, "utf8");
      } catch {
        return "{}";
      }
    })(),
  );
  const images = readdirSync(IMG_DIR).filter((f) => /\.(png|jpe?g)$/i.test(f) && !existing[f]);
  for (const img of images) {
    existing[img] = await client.describe(join(IMG_DIR, img));
    console.log(`${img}: ${existing[img]}`);
  }
  writeFileSync(outFile, JSON.stringify(existing, null, 2) + "\n");
  console.log(`${images.length} new alt text(s) written`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 1;
});
