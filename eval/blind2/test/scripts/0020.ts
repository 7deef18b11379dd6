#!/usr/bin/env -S npx tsx
/**
 * deprecated-deps.ts - list direct dependencies that are deprecated on the npm registry
 * or whose latest major is ahead of ours. Read-only; queries the public registry
 * metadata endpoint (no auth).
 */
import { readFileSync, writeFileSync } from "node:fs";

const REGISTRY = "https://registry.npmjs.org";
const CONCURRENCY = 6;

interface Finding {
  name: string;
  wanted: string;
  latest: string;
  deprecated?: string;
  majorsBehind: number;
}

function major(v: string): number {
  const m = v.replace(/^[^\d]*/, "").match(/^(\d+)/);
  return m ? Number(m[1]) : 0;
}

async function meta(name: string): Promise<any> {
  const res = await fetch(`${REGISTRY}/${name.replace("/", "%2f")}`, {
    headers: { Accept: "application/vnd.npm.install-v1+json" },
  });
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
  return res.json();
}

async function check(name: string, wanted: string): Promise<Finding | null> {
  const m = await meta(name);
  const latest: string = m["dist-tags"]?.latest ?? wanted;
  const latestMeta = m.versions?.[latest] ?? {};
  const behind = major(latest) - major(wanted);
  if (!latestMeta.deprecated && behind <= 0) return null;
  return { name, wanted, latest, deprecated: latestMeta.deprecated, majorsBehind: behind };
}

async function pool<T, R>(items: T[], n: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let i = 0;
  const workers = Array.from({ length: n }, async () => {
    while (i < items.length) {
      const idx = i++;
      out[idx] = await fn(items[idx]);
    }
  });
  await Promise.all(workers);
  return out;
}

async function main(): Promise<void> {
  const pkg = JSON.parse(readFileSync("package.json", "utf8"));
  const deps: [string, string][] = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies });
  const results = await pool(deps, CONCURRENCY, async ([name, wanted]) => {
    try {
      return await check(name, wanted);
    } catch (e) {
      console.error(String(e));
      return null;
    }
  });
  const findings = results.filter((r): r is Finding => r !== null).sort((a, b) => b.majorsBehind - a.majorsBehind);
  for (const f of findings) {
    const dep = f.deprecated ? ` DEPRECATED: ${f.deprecated}` : "";
    console.log(`${f.name.padEnd(32)} ${f.wanted.padEnd(10)} -> ${f.latest.padEnd(10)} (${f.majorsBehind} major)${dep}`);
  }
  writeFileSync("deps-report.json", JSON.stringify(findings, null, 2));
  if (process.argv.includes("--markdown")) {
    const md = [
      "| package | current | latest | majors behind | deprecated |",
      "|---|---|---|---|---|",
      ...findings.map((f) => `| ${f.name} | ${f.wanted} | ${f.latest} | ${f.majorsBehind} | ${f.deprecated ? "yes" : ""} |`),
    ];
    writeFileSync("deps-report.md", md.join("\n") + "\n");
    console.log("wrote deps-report.md");
  }
  console.log(`${findings.length}/${deps.length} dependencies need attention`);
}

main();
