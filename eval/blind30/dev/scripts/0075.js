#!/usr/bin/env node
// Reclaim space after large OCR runs: remove everything in the system temp folder
// that is older than a day (ocrmypdf and Tika leave big files there when killed).
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const tmp = os.tmpdir();
const cutoff = Date.now() - 24 * 3600 * 1000;
let removed = 0;

for (const name of fs.readdirSync(tmp)) {
  const full = path.join(tmp, name);
  let st;
  try {
    st = fs.lstatSync(full);
  } catch {
    continue;
  }
  if (st.mtimeMs < cutoff) {
    fs.rmSync(full, { recursive: true, force: true });
    removed++;
  }
}

console.log(`removed ${removed} entr${removed === 1 ? 'y' : 'ies'} from ${tmp}`);
