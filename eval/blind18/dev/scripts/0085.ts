#!/usr/bin/env -S npx tsx
// Benchmark local GGUF models with llama.cpp's server.
//
// For each model listed in bench/models.json (files cached under
// ~/.cache/acme-llm/ by scripts/fetch-models), start `llama-server` on
// 127.0.0.1 with a free port, send the prompts in bench/prompts.jsonl through
// the OpenAI-compatible /v1/chat/completions endpoint, record latency and
// tokens/s, then stop that server before moving to the next model.
// Results go to bench/results/<date>.json and a markdown table on stdout.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync, openSync, closeSync } from "node:fs";
import { homedir } from "node:os";
import net from "node:net";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const CACHE = process.env.ACME_LLM_CACHE ?? path.join(homedir(), ".cache", "acme-llm");
const MODELS_FILE = path.join(ROOT, "bench", "models.json");
const PROMPTS_FILE = path.join(ROOT, "bench", "prompts.jsonl");
const RESULTS_DIR = path.join(ROOT, "bench", "results");
const SERVER_BIN = process.env.LLAMA_SERVER ?? "llama-server";

interface ModelSpec {
  alias: string;
  file: string;
  ctx: number;
  gpuLayers?: number;
}

interface Prompt {
  id: string;
  messages: { role: string; content: string }[];
  maxTokens: number;
}

interface Sample {
  prompt: string;
  latencyMs: number;
  completionTokens: number;
  tokensPerSec: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => resolve(typeof a === "object" && a ? a.port : 0));
    });
  });
}

async function waitHealthy(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`llama-server exited early (${child.exitCode})`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("llama-server did not become healthy");
}

class Server {
  private child: ChildProcess | null = null;
  private logFd: number | null = null;
  port = 0;

  constructor(private readonly model: ModelSpec) {}

  async start(): Promise<void> {
    const modelPath = path.join(CACHE, this.model.file);
    if (!existsSync(modelPath)) {
      throw new Error(`model file missing: ${modelPath} (run scripts/fetch-models first)`);
    }
    this.port = await freePort();
    mkdirSync(RESULTS_DIR, { recursive: true });
    this.logFd = openSync(path.join(RESULTS_DIR, `${this.model.alias}.server.log`), "w");
    const args = [
      "-m", modelPath,
      "--host", "127.0.0.1",
      "--port", String(this.port),
      "-c", String(this.model.ctx),
      "-ngl", String(this.model.gpuLayers ?? 99),
      "--no-webui",
    ];
    this.child = spawn(SERVER_BIN, args, { stdio: ["ignore", this.logFd, this.logFd] });
    await waitHealthy(this.port, this.child, 180_000);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          child.kill("SIGKILL");
          resolve();
        }, 10_000);
        child.once("exit", () => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    if (this.logFd !== null) {
      closeSync(this.logFd);
      this.logFd = null;
    }
    this.child = null;
  }
}

async function runPrompt(port: number, prompt: Prompt): Promise<Sample> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ messages: prompt.messages, max_tokens: prompt.maxTokens, temperature: 0 }),
  });
  if (!res.ok) {
    throw new Error(`prompt ${prompt.id}: HTTP ${res.status}`);
  }
  const body = (await res.json()) as { usage?: { completion_tokens: number } };
  const latencyMs = performance.now() - started;
  const completionTokens = body.usage?.completion_tokens ?? 0;
  return { prompt: prompt.id, latencyMs, completionTokens, tokensPerSec: completionTokens / (latencyMs / 1000) };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

async function benchModel(model: ModelSpec, prompts: Prompt[], warmup: boolean): Promise<Sample[]> {
  const server = new Server(model);
  const samples: Sample[] = [];
  try {
    await server.start();
    if (warmup && prompts.length) {
      await runPrompt(server.port, prompts[0]);
    }
    for (const p of prompts) {
      samples.push(await runPrompt(server.port, p));
    }
  } finally {
    await server.stop();
  }
  return samples;
}

async function main(): Promise<void> {
  const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const models = (JSON.parse(readFileSync(MODELS_FILE, "utf8")) as ModelSpec[]).filter(
    (m) => !only.length || only.includes(m.alias),
  );
  const prompts = readFileSync(PROMPTS_FILE, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Prompt);
  const results: Record<string, Sample[]> = {};
  for (const model of models) {
    console.error(`benchmarking ${model.alias} ...`);
    results[model.alias] = await benchModel(model, prompts, !process.argv.includes("--no-warmup"));
  }
  const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, "-");
  writeFileSync(path.join(RESULTS_DIR, `${stamp}.json`), JSON.stringify(results, null, 2));
  console.log("| model | median latency (ms) | median tok/s |");
  console.log("|---|---:|---:|");
  for (const [alias, samples] of Object.entries(results)) {
    console.log(`| ${alias} | ${median(samples.map((s) => s.latencyMs)).toFixed(0)} | ${median(samples.map((s) => s.tokensPerSec)).toFixed(1)} |`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
