#!/usr/bin/env -S npx tsx
/**
 * publish-dashboard.ts — copy the latest eLabFTW export summary to places
 * the lab members look at.
 */
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

const SOURCE = "build/elab-export/summary.html";
const TARGETS = [
  join(homedir(), "Documents", "lab", "elab-summary.html"),
  "/srv/lab-share/dashboards/elab-summary.html",
  "/var/www/html/elab/index.html",
];

if (!existsSync(SOURCE)) {
  console.error("run tools/elab_export.py first");
  process.exit(1);
}

for (const target of TARGETS) {
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(SOURCE, target);
  console.log(`copied to ${target}`);
}
