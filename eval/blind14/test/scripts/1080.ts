#!/usr/bin/env -S npx tsx
// Share the built Storybook with designers: copies storybook-static into a
// folder in the user's Documents and a Dropbox folder, outside the repo.
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

interface Destination {
  label: string;
  path: string;
}

const SOURCE = "storybook-static";
const destinations: Destination[] = [
  { label: "Documents", path: join(homedir(), "Documents", "orbit-storybook") },
  { label: "Dropbox", path: join(homedir(), "Dropbox", "Design", "orbit-storybook") },
];

if (!existsSync(SOURCE)) {
  console.error("build storybook first: pnpm build-storybook");
  process.exit(1);
}

for (const d of destinations) {
  mkdirSync(d.path, { recursive: true });
  cpSync(SOURCE, d.path, { recursive: true, force: true });
  console.log(`copied to ${d.label}: ${d.path}`);
}
