#!/usr/bin/env node
// show-lnd-auth.js - print the credentials the invoice service will use, for debugging
// "permission denied" errors from lnd.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const lnddir = process.env.LND_DIR || path.join(os.homedir(), '.lnd');
const network = process.env.LND_NETWORK || 'regtest';
const macaroonDir = path.join(lnddir, 'data', 'chain', 'bitcoin', network);

console.log(`lnd dir: ${lnddir} (network ${network})`);
for (const name of ['admin.macaroon', 'invoice.macaroon', 'readonly.macaroon']) {
  const file = path.join(macaroonDir, name);
  if (fs.existsSync(file)) {
    console.log(`${name}: ${fs.readFileSync(file).toString('hex')}`);
  } else {
    console.log(`${name}: (missing)`);
  }
}
console.log(`LND_REST_TOKEN=${process.env.LND_REST_TOKEN || '(unset)'}`);
console.log(`INVOICE_WEBHOOK_SECRET=${process.env.INVOICE_WEBHOOK_SECRET || '(unset)'}`);
