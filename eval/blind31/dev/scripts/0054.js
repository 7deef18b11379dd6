#!/usr/bin/env node
// debug-ci-env.js — print what the CI job sees before the Jellyfin API tests run.
"use strict";

const os = require("node:os");
const fs = require("node:fs");

const info = {
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
  cwd: process.cwd(),
  cpus: os.cpus().length,
  memGb: (os.totalmem() / 1024 ** 3).toFixed(1),
  env: process.env,
};

console.log(JSON.stringify(info, null, 2));

fs.mkdirSync("logs", { recursive: true });
fs.writeFileSync("logs/ci-env.json", JSON.stringify(info, null, 2));

const jf = process.env.JELLYFIN_URL || "http://localhost:8096";
fetch(`${jf}/System/Info/Public`)
  .then((r) => r.json())
  .then((j) => console.log(`jellyfin ${j.Version} at ${jf}`))
  .catch((e) => console.log(`jellyfin not reachable at ${jf}: ${e.message}`));
