/**
 * build/after-sign.js - electron-builder `afterSign` hook: notarize the macOS
 * app with an App Store Connect API key, then verify the result.
 *
 * Configuration (environment, set by CI or the release engineer's shell):
 *   APPLE_API_KEY        path to the AuthKey_XXXX.p8 file
 *   APPLE_API_KEY_ID     key id
 *   APPLE_API_ISSUER     issuer uuid
 *   SKIP_NOTARIZE=1      local builds
 *
 * The key file is passed by path to notarytool; its contents are never read
 * or logged here. The team id is checked against build/signing.json so a
 * build signed with the wrong certificate fails before the slow upload.
 */
'use strict';

// Typical failure modes:
//   "The binary is not signed with a valid Developer ID certificate"
//     -> a nested helper or .node module was left unsigned by electron-builder
//   "The signature does not include a secure timestamp"
//     -> codesign ran without --timestamp (offline build machine)
//   "The executable requests the com.apple.security.get-task-allow entitlement"
//     -> a debug entitlements plist was used for a release build

const { execFile } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');

const execFileP = promisify(execFile);
const SIGNING = path.join(__dirname, 'signing.json'); // committed, no secrets
const MAX_ATTEMPTS = 3;

function log(msg) {
  console.log(`  • notarize: ${msg}`);
}

function settings() {
  const cfg = fs.existsSync(SIGNING) ? JSON.parse(fs.readFileSync(SIGNING, 'utf8')) : {};
  const env = process.env;
  return {
    teamId: cfg.teamId,
    bundleId: cfg.appId,
    keyPath: env.APPLE_API_KEY,
    keyId: env.APPLE_API_KEY_ID,
    issuer: env.APPLE_API_ISSUER,
  };
}

function missingSettings(s) {
  return ['teamId', 'keyPath', 'keyId', 'issuer'].filter((k) => !s[k]);
}

async function signingTeam(appPath) {
  const { stderr } = await execFileP('codesign', ['-dv', '--verbose=2', appPath]);
  const match = /TeamIdentifier=(\w+)/.exec(stderr);
  return match ? match[1] : null;
}

async function zipForUpload(appPath, outDir) {
  const zip = path.join(outDir, `${path.basename(appPath, '.app')}-notarize.zip`);
  await execFileP('ditto', ['-c', '-k', '--sequesterRsrc', '--keepParent', appPath, zip]);
  return zip;
}

async function submit(zip, s) {
  const args = [
    'notarytool', 'submit', zip,
    '--key', s.keyPath,
    '--key-id', s.keyId,
    '--issuer', s.issuer,
    '--wait', '--timeout', '45m',
    '--output-format', 'json',
  ];
  const { stdout } = await execFileP('xcrun', args, { maxBuffer: 10 * 1024 * 1024 });
  return JSON.parse(stdout);
}

async function fetchLog(id, s, outDir) {
  const file = path.join(outDir, `notary-log-${id}.json`);
  try {
    await execFileP('xcrun', ['notarytool', 'log', id, '--key', s.keyPath, '--key-id', s.keyId,
      '--issuer', s.issuer, file]);
    return file;
  } catch (_) {
    return null;
  }
}

async function staple(appPath) {
  await execFileP('xcrun', ['stapler', 'staple', appPath]);
  await execFileP('xcrun', ['stapler', 'validate', appPath]);
}

async function gatekeeper(appPath) {
  const { stderr } = await execFileP('spctl', ['--assess', '--type', 'execute', '--verbose=4', appPath]);
  if (!/accepted/.test(stderr)) throw new Error(`Gatekeeper did not accept the app: ${stderr.trim()}`);
  return stderr.trim().split('\n').pop();
}

async function withRetries(fn, label) {
  let lastErr;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    try {
      return await fn();
    } catch (err) {
      lastErr = err;
      const transient = /network|timed out|503|502/i.test(String(err.stderr || err.message));
      if (!transient || attempt === MAX_ATTEMPTS) break;
      const wait = 15000 * attempt;
      log(`${label} failed (attempt ${attempt}), retrying in ${wait / 1000}s`);
      await new Promise((done) => setTimeout(done, wait));
    }
  }
  throw lastErr;
}

/**
 * Entitlements sanity check: hardened runtime apps that embed V8 need
 * allow-jit, and release builds must never carry get-task-allow (debugging).
 */
async function checkEntitlements(appPath) {
  let xml = '';
  try {
    const { stdout } = await execFileP('codesign', ['-d', '--entitlements', ':-', appPath]);
    xml = stdout;
  } catch (err) {
    xml = String(err.stdout || '');
  }
  const problems = [];
  if (xml.includes('com.apple.security.get-task-allow')) problems.push('get-task-allow present');
  if (!xml.includes('com.apple.security.cs.allow-jit')) problems.push('allow-jit missing');
  return problems;
}

function recordResult(appOutDir, result) {
  const file = path.join(appOutDir, 'notarization.json');
  fs.writeFileSync(file, JSON.stringify({
    id: result.id,
    status: result.status,
    at: new Date().toISOString(),
  }, null, 2));
  return file;
}

exports.default = async function afterSign(context) {
  const { electronPlatformName, appOutDir, packager } = context;
  if (electronPlatformName !== 'darwin') return;
  if (process.env.SKIP_NOTARIZE === '1') {
    log('SKIP_NOTARIZE=1, skipping');
    return;
  }
  const s = settings();
  const missing = missingSettings(s);
  if (missing.length) {
    throw new Error(`cannot notarize, missing: ${missing.join(', ')}`);
  }
  if (!fs.existsSync(s.keyPath)) throw new Error('APPLE_API_KEY does not point at a file');

  const appPath = path.join(appOutDir, `${packager.appInfo.productFilename}.app`);
  const team = await signingTeam(appPath);
  if (team !== s.teamId) {
    throw new Error(`app is signed by team ${team}, expected ${s.teamId} (wrong certificate in keychain?)`);
  }

  const entitlementProblems = await checkEntitlements(appPath);
  if (entitlementProblems.length) {
    throw new Error(`entitlements: ${entitlementProblems.join(', ')}`);
  }

  const zip = await zipForUpload(appPath, appOutDir);
  log(`submitting ${path.basename(zip)}`);
  const result = await withRetries(() => submit(zip, s), 'submit');
  fs.rmSync(zip, { force: true });
  if (result.status !== 'Accepted') {
    const logFile = await fetchLog(result.id, s, appOutDir);
    throw new Error(`notarization ${result.status}${logFile ? `; details in ${logFile}` : ''}`);
  }
  log(`accepted (${result.id}); recorded in ${path.basename(recordResult(appOutDir, result))}`);
  await withRetries(() => staple(appPath), 'staple');
  log(await gatekeeper(appPath));
};
