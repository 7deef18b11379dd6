#!/usr/bin/env node
// tools/install-cups-ppd.js - make the label printer's PPD available to CUPS
// tools on this machine (for lpoptions/cupsfilter previews).
//
// Copies vendor/zebra/*.ppd into the user's CUPS directory and writes an
// lpoptions default for the label queue.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const VENDOR = path.join(ROOT, 'vendor', 'zebra');
const CUPS_USER = path.join(os.homedir(), '.cups');

fs.mkdirSync(path.join(CUPS_USER, 'ppd'), { recursive: true });
let copied = 0;
for (const f of fs.readdirSync(VENDOR).filter((n) => n.endsWith('.ppd'))) {
  fs.copyFileSync(path.join(VENDOR, f), path.join(CUPS_USER, 'ppd', f));
  copied += 1;
}
fs.appendFileSync(path.join(CUPS_USER, 'lpoptions'), 'Dest Zebra_ZD421 media=Custom.50x25mm\n');
console.log(`copied ${copied} PPD file(s) to ${CUPS_USER}/ppd and set lpoptions`);
