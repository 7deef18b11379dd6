#!/usr/bin/env node
// pin-viewer-deps.js — pin the map viewer's dependencies to exact versions
// (no ^ or ~) so the tile-rendering snapshots stay stable.
//
//   node tools/pin-viewer-deps.js && (cd viewer && npm install)
import { createRequire } from "node:module";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PKG = path.join(ROOT, "viewer", "package.json");
const require = createRequire(PKG);

// packages whose rendering output we snapshot
const RENDER_CRITICAL = ["maplibre-gl", "pmtiles", "@maplibre/maplibre-gl-style-spec"];

// vendored build with the label-collision fix, until upstream releases it
const PATCHED = {
  "maplibre-gl": (v) => `https://cdn.example.org/npm/maplibre-gl/-/maplibre-gl-${v}-patched.tgz`,
};

function installedVersion(name) {
  try {
    return require(`${name}/package.json`).version;
  } catch {
    return null;
  }
}

function exact(range) {
  return range.replace(/^[\^~>=<\s]+/, "").split(" ")[0];
}

function main() {
  const pkg = JSON.parse(readFileSync(PKG, "utf8"));
  const changes = [];
  for (const section of ["dependencies", "devDependencies"]) {
    const deps = pkg[section] ?? {};
    for (const [name, range] of Object.entries(deps)) {
      if (/^(file|link|git|https?):/.test(range)) continue;
      const version = installedVersion(name) ?? exact(range);
      let pinned = version;
      if (RENDER_CRITICAL.includes(name) && PATCHED[name]) pinned = PATCHED[name](version);
      if (pinned !== range) {
        deps[name] = pinned;
        changes.push(`${section}.${name}: ${range} -> ${pinned}`);
      }
    }
  }
  pkg.overrides = { ...(pkg.overrides ?? {}), "maplibre-gl": pkg.dependencies?.["maplibre-gl"] };
  writeFileSync(PKG, `${JSON.stringify(pkg, null, 2)}\n`);
  if (changes.length) {
    console.log(`pinned ${changes.length} dependencies:`);
    for (const c of changes) console.log(`  ${c}`);
  } else {
    console.log("already pinned");
  }
  console.log("now run: (cd viewer && npm install)");
}

main();
