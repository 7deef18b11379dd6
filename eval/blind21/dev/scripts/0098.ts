#!/usr/bin/env -S npx tsx
// scripts/run-hook.ts - run a deploy hook by name. Hooks are TypeScript
// snippets stored in Consul KV under hooks/<name>, edited by whoever runs
// the deploy; this script fetches and evaluates them.

const ADDR = process.env.CONSUL_HTTP_ADDR ?? "http://127.0.0.1:8500";

async function fetchHook(name: string): Promise<string> {
  const res = await fetch(`${ADDR}/v1/kv/hooks/${encodeURIComponent(name)}?raw`);
  if (!res.ok) throw new Error(`no hook ${name} (${res.status})`);
  return res.text();
}

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name) throw new Error("usage: run-hook.ts <name>");
  const source = await fetchHook(name);
  const hook = new Function("env", "console", source);
  await hook(process.env, console);
  console.log(`hook ${name} finished`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
