#!/usr/bin/env node
// show-vault-token.js - print the Vault token and its accessor so they can
// be pasted into the support ticket about expired leases.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const tokenFile = path.join(os.homedir(), '.vault-token');
const token = process.env.VAULT_TOKEN || (fs.existsSync(tokenFile) ? fs.readFileSync(tokenFile, 'utf8').trim() : '');

async function main() {
  console.log(`VAULT_ADDR  ${process.env.VAULT_ADDR || '(unset)'}`);
  console.log(`VAULT_TOKEN ${token || '(none)'}`);
  if (!token || !process.env.VAULT_ADDR) return;
  const res = await fetch(`${process.env.VAULT_ADDR}/v1/auth/token/lookup-self`, {
    headers: { 'X-Vault-Token': token },
  });
  const body = await res.json();
  console.log(`accessor    ${body.data?.accessor}`);
  console.log(`ttl         ${body.data?.ttl}s`);
}

main();
