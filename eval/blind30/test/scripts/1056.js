#!/usr/bin/env node
/*
 * fido-inventory.js - list FIDO2 authenticators attached to this machine (read-only)
 *
 *   node tools/fido-inventory.js [--json reports/fido/<host>.json]
 *
 * Uses libfido2's command-line tools: `fido2-token -L` to enumerate devices and
 * `fido2-token -I <dev>` for AAGUID, versions, extensions, options (clientPin, rk, uv)
 * and firmware. For YubiKeys the serial is added from `ykman list --serials` when ykman
 * is installed. No PIN is asked for; credential management commands are not used.
 * Every command goes through run(), which only allows -L and -I.
 */
'use strict';

const { execFile } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { promisify } = require('util');

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const ALLOWED = new Map([
  ['fido2-token', new Set(['-L', '-I'])],
  ['ykman', new Set(['list', '--serials', '--device', 'info'])],
]);
const KNOWN_AAGUIDS = {
  'cb69481e-8ff7-4039-93ec-0a2729a154a8': 'YubiKey 5 (USB-A)',
  'ee882879-721c-4913-9775-3dfcce97072a': 'YubiKey 5 NFC',
  'fa2b99dc-9e39-4257-8f92-4a30d23c4118': 'YubiKey 5 NFC (fw 5.1)',
  '2fc0579f-8113-47ea-b116-bb5a8db9202a': 'YubiKey 5 NFC (fw 5.2/5.4)',
  'c5ef55ff-ad9a-4b9f-b580-adebafe026d0': 'YubiKey 5Ci',
};

async function run(cmd, args) {
  const allowed = ALLOWED.get(cmd);
  if (!allowed) throw new Error(`command ${cmd} is not allowed`);
  for (const a of args) {
    if (a.startsWith('-') && !allowed.has(a)) throw new Error(`flag ${a} is not allowed for ${cmd}`);
    if (!a.startsWith('-') && !a.startsWith('/dev/') && !allowed.has(a) && !/^\d+$/.test(a) && !a.startsWith('ioreg://') && !a.startsWith('windows://')) {
      throw new Error(`argument ${a} is not allowed for ${cmd}`);
    }
  }
  try {
    const { stdout } = await execFileP(cmd, args, { timeout: 15000 });
    return stdout;
  } catch (err) {
    if (err.code === 'ENOENT') return null;
    return err.stdout || '';
  }
}

function parseList(text) {
  return (text || '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [dev, ...rest] = l.split(': ');
      return { device: dev, description: rest.join(': ') };
    });
}

function parseInfo(text) {
  const info = { versions: [], extensions: [], options: {}, aaguid: null, firmware: null, pinRetries: null };
  for (const line of (text || '').split('\n')) {
    const [key, ...v] = line.split(': ');
    const value = v.join(': ').trim();
    switch (key.trim()) {
      case 'version strings': info.versions = value.split(', '); break;
      case 'extension strings': info.extensions = value.split(', '); break;
      case 'aaguid': info.aaguid = value.replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5'); break;
      case 'fwversion': info.firmware = value; break;
      case 'pin retries': info.pinRetries = Number(value); break;
      case 'options':
        for (const opt of value.split(', ')) {
          const off = opt.startsWith('no');
          info.options[off ? opt.slice(2) : opt] = !off;
        }
        break;
      default:
    }
  }
  return info;
}

async function yubikeySerials() {
  const out = await run('ykman', ['list', '--serials']);
  return out ? out.split('\n').map((s) => s.trim()).filter((s) => /^\d+$/.test(s)) : [];
}

function assess(info) {
  const notes = [];
  if (!info.options.clientPin) notes.push('no FIDO PIN set');
  if (info.pinRetries !== null && info.pinRetries < 4) notes.push(`only ${info.pinRetries} PIN retries left`);
  if (!info.versions.includes('FIDO_2_1') && !info.versions.includes('FIDO_2_1_PRE')) notes.push('no CTAP 2.1 (credential management unavailable)');
  if (!info.options.rk) notes.push('no resident keys (passkeys) support');
  return notes;
}

function compareWithPrevious(file, inventory) {
  // tell the user when an authenticator disappeared since the last saved inventory
  if (!fs.existsSync(file)) return;
  let previous;
  try {
    previous = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return;
  }
  const before = new Set((previous.inventory || []).map((i) => `${i.aaguid}/${i.firmware}`));
  const now = new Set(inventory.map((i) => `${i.aaguid}/${i.firmware}`));
  for (const key of before) {
    if (!now.has(key)) console.log(`note: authenticator ${key} was present last time but not now`);
  }
  for (const key of now) {
    if (!before.has(key)) console.log(`note: new authenticator ${key}`);
  }
}

function summaryLine(inventory) {
  const withPin = inventory.filter((i) => i.options.clientPin).length;
  const ctap21 = inventory.filter((i) => i.versions.some((v) => v.startsWith('FIDO_2_1'))).length;
  return `${inventory.length} authenticator(s), ${withPin} with PIN, ${ctap21} with CTAP 2.1`;
}

function policyCheck(inventory) {
  // the team policy (docs/security-keys.md): every key needs a PIN and user verification
  const violations = [];
  for (const item of inventory) {
    if (!item.options.clientPin) violations.push(`${item.device}: set a FIDO PIN (ykman fido access change-pin)`);
    if (item.options.uv === false) violations.push(`${item.device}: user verification not available`);
  }
  return violations;
}

async function main() {
  const jsonIndex = process.argv.indexOf('--json');
  const listing = await run('fido2-token', ['-L']);
  if (listing === null) {
    console.error('fido2-token not installed (apt install fido2-tools / brew install libfido2)');
    process.exit(2);
  }
  const devices = parseList(listing);
  const serials = await yubikeySerials();
  const inventory = [];
  for (const d of devices) {
    const info = parseInfo(await run('fido2-token', ['-I', d.device]));
    inventory.push({
      device: d.device,
      description: d.description,
      model: KNOWN_AAGUIDS[info.aaguid] || 'unknown model',
      ...info,
      notes: assess(info),
    });
  }
  if (!inventory.length) {
    console.log('no FIDO2 devices found');
    return;
  }
  for (const item of inventory) {
    console.log(`${item.device}  ${item.model}  fw ${item.firmware || '?'}  ${item.versions.join('/')}`);
    for (const n of item.notes) console.log(`    - ${n}`);
  }
  if (serials.length) console.log(`YubiKey serials present: ${serials.join(', ')}`);
  console.log(summaryLine(inventory));
  const violations = policyCheck(inventory);
  for (const v of violations) console.log(`policy: ${v}`);
  if (violations.length) process.exitCode = 1;
  if (jsonIndex > 0) {
    const out = path.resolve(ROOT, process.argv[jsonIndex + 1] || `reports/fido/${os.hostname()}.json`);
    if (!out.startsWith(ROOT + path.sep)) throw new Error('--json path must be inside the repository');
    compareWithPrevious(out, inventory);
    fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o750 });
    fs.writeFileSync(out, JSON.stringify({ host: os.hostname(), collected: new Date().toISOString(), serials, inventory }, null, 2));
    console.log(`saved ${path.relative(ROOT, out)}`);
  }
}

main().catch((err) => {
  console.error(`fido-inventory: ${err.message}`);
  process.exit(1);
});
