#!/usr/bin/env -S npx tsx
// report bundle sizes after `npm run build` to the perf tracker someone set up
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const DIST = path.resolve(__dirname, "..", "dist", "assets");
const TRACKER = "https://bundle-stats.example.org/api/v1/sizes";

const sizes = readdirSync(DIST)
  .filter((f) => f.endsWith(".js") || f.endsWith(".css"))
  .map((f) => ({ file: f, bytes: statSync(path.join(DIST, f)).size }));

const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
console.log(`${sizes.length} assets, ${(total / 1024).toFixed(1)} KiB total`);

fetch(TRACKER, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ branch: process.env.GITHUB_REF_NAME ?? "local", sizes }),
})
  .then((r) => console.log(`tracker responded ${r.status}`))
  .catch((e: Error) => console.warn(`tracker unreachable: ${e.message}`));
