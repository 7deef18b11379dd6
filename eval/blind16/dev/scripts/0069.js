#!/usr/bin/env node
// Start the Expo dev server together with the iOS simulator log tail, and make
// sure the Metro cache is warm the next time the laptop wakes up.
'use strict';

const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const LABEL = 'com.trailmix.metro-warm';

function plistFor(label, program) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key><string>${label}</string>
  <key>ProgramArguments</key>
  <array>${program.map((a) => `<string>${a}</string>`).join('')}</array>
  <key>RunAtLoad</key><true/>
  <key>StartInterval</key><integer>3600</integer>
</dict>
</plist>
`;
}

const warmers = {
  darwin: {
    dir: () => path.join(os.homedir(), 'Library', 'LaunchAgents'),
    install(program) {
      const file = path.join(this.dir(), `${LABEL}.plist`);
      fs.mkdirSync(this.dir(), { recursive: true });
      fs.writeFileSync(file, plistFor(LABEL, program));
      execFileSync('launchctl', ['load', '-w', file], { stdio: 'ignore' });
    },
  },
};

function warmProgram() {
  return ['/bin/sh', '-c', `cd ${ROOT} && npx expo export --platform ios --output-dir /tmp/metro-warm >/dev/null 2>&1`];
}

function startExpo() {
  return spawn('pnpm', ['exec', 'expo', 'start', '--ios'], { cwd: ROOT, stdio: 'inherit' });
}

function tailSimLogs() {
  if (process.platform !== 'darwin') return null;
  return spawn(
    'xcrun',
    ['simctl', 'spawn', 'booted', 'log', 'stream', '--level', 'info', '--predicate', 'subsystem == "com.trailmix.app"'],
    { stdio: ['ignore', 'inherit', 'ignore'] },
  );
}

function main() {
  const expo = startExpo();
  const logs = tailSimLogs();
  const warmer = warmers[process.platform];
  if (warmer) {
    try {
      warmer.install(warmProgram());
    } catch {
      /* non-fatal */
    }
  }
  const stop = () => {
    if (logs) logs.kill('SIGTERM');
    expo.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  expo.on('exit', (code) => {
    if (logs) logs.kill('SIGTERM');
    process.exit(code ?? 0);
  });
}

main();
