#!/usr/bin/env node
/**
 * Local EAS builds for the Harbor Expo app (no cloud build, no submit).
 *
 *   node tools/eas-local.js --platform android|ios [--profile preview] [--clear-cache]
 *
 * Runs `eas build --local --non-interactive` with the chosen profile from
 * eas.json. Public runtime configuration (EXPO_PUBLIC_*) is loaded from the
 * project's .env.<profile> for this build only. Credentials are the ones EAS
 * manages for the project (credentials.json stays git-ignored and is only read
 * by the eas CLI). The artefact is moved to ./dist/eas/<platform>/ and its
 * sha256 written next to it. --clear-cache removes only the project's
 * node_modules/.cache/eas-build-local directory.
 */
'use strict';

const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const APP_DIR = path.resolve(__dirname, '..');
const DIST = path.join(APP_DIR, 'dist', 'eas');
const LOCAL_CACHE = path.join(APP_DIR, 'node_modules', '.cache', 'eas-build-local');

function flags(argv) {
  const f = { platform: null, profile: 'preview', clearCache: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--platform') f.platform = argv[++i];
    else if (a === '--profile') f.profile = argv[++i];
    else if (a === '--clear-cache') f.clearCache = true;
    else throw new Error(`unknown flag ${a}`);
  }
  if (!['android', 'ios'].includes(f.platform)) throw new Error('--platform android|ios is required');
  return f;
}

function loadProfile(name) {
  const eas = JSON.parse(fs.readFileSync(path.join(APP_DIR, 'eas.json'), 'utf8'));
  const profile = eas.build && eas.build[name];
  if (!profile) throw new Error(`eas.json has no build profile "${name}"`);
  return profile;
}

function publicEnv(profile) {
  const file = path.join(APP_DIR, `.env.${profile}`);
  const env = {};
  if (!fs.existsSync(file)) return env;
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    const eq = line.indexOf('=');
    if (!line || line.startsWith('#') || eq < 0) continue;
    const key = line.slice(0, eq).trim();
    if (!key.startsWith('EXPO_PUBLIC_')) continue; // only public config goes into the bundle
    env[key] = line.slice(eq + 1).trim();
  }
  return env;
}

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: APP_DIR, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args[0]} exited with ${code}`))));
  });
}

function newestArtefact(platform, since) {
  const ext = platform === 'android' ? /\.(apk|aab)$/ : /\.(ipa|tar\.gz)$/;
  const candidates = fs
    .readdirSync(APP_DIR)
    .filter((n) => ext.test(n))
    .map((n) => ({ n, t: fs.statSync(path.join(APP_DIR, n)).mtimeMs }))
    .filter((x) => x.t >= since)
    .sort((a, b) => b.t - a.t);
  return candidates.length ? path.join(APP_DIR, candidates[0].n) : null;
}

function sha256(file) {
  const h = crypto.createHash('sha256');
  h.update(fs.readFileSync(file));
  return h.digest('hex');
}

function checkTools(platform) {
  const needed = platform === 'ios' ? ['xcodebuild', 'pod'] : ['java'];
  for (const tool of needed) {
    const found = process.env.PATH.split(path.delimiter).some((d) => fs.existsSync(path.join(d, tool)));
    if (!found) throw new Error(`${tool} not found on PATH (needed for local ${platform} builds)`);
  }
}

function checkAppConfig(platform) {
  // Catch the classic mistakes before a long native build: missing identifiers or version.
  const appJsonFile = path.join(APP_DIR, 'app.json');
  if (!fs.existsSync(appJsonFile)) return; // app.config.ts projects are validated by expo itself
  const { expo } = JSON.parse(fs.readFileSync(appJsonFile, 'utf8'));
  const problems = [];
  if (!expo.version) problems.push('expo.version is missing');
  if (platform === 'ios' && !(expo.ios && expo.ios.bundleIdentifier)) problems.push('expo.ios.bundleIdentifier is missing');
  if (platform === 'android' && !(expo.android && expo.android.package)) problems.push('expo.android.package is missing');
  if (problems.length) throw new Error(`app.json: ${problems.join('; ')}`);
  console.log(`app ${expo.name} ${expo.version}`);
}

function pruneDist(platform, keep = 5) {
  // keep the last few local artefacts per platform; they are large
  const dir = path.join(DIST, platform);
  if (!fs.existsSync(dir)) return;
  const files = fs
    .readdirSync(dir)
    .filter((n) => !n.endsWith('.sha256'))
    .map((n) => ({ n, t: fs.statSync(path.join(dir, n)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { n } of files.slice(keep)) {
    fs.rmSync(path.join(dir, n), { force: true });
    fs.rmSync(path.join(dir, `${n}.sha256`), { force: true });
  }
}

async function main() {
  const f = flags(process.argv.slice(2));
  const profile = loadProfile(f.profile);
  checkAppConfig(f.platform);
  checkTools(f.platform);
  if (f.clearCache) {
    fs.rmSync(LOCAL_CACHE, { recursive: true, force: true });
    console.log('cleared node_modules/.cache/eas-build-local');
  }
  const env = publicEnv(f.profile);
  console.log(`profile ${f.profile} (${profile.distribution || 'store'}), ${Object.keys(env).length} public env vars`);
  const started = Date.now();
  await run('npx', ['eas', 'build', '--local', '--non-interactive', '--platform', f.platform, '--profile', f.profile], {
    ...env,
    EAS_LOCAL_BUILD_WORKINGDIR: LOCAL_CACHE,
    EAS_NO_VCS: '0',
  });
  const artefact = newestArtefact(f.platform, started);
  if (!artefact) throw new Error('eas build finished but no artefact was found in the project root');
  const destDir = path.join(DIST, f.platform);
  fs.mkdirSync(destDir, { recursive: true });
  const dest = path.join(destDir, path.basename(artefact));
  fs.renameSync(artefact, dest);
  fs.writeFileSync(`${dest}.sha256`, `${sha256(dest)} *${path.basename(dest)}\n`);
  console.log(`artefact: ${path.relative(APP_DIR, dest)} (${(fs.statSync(dest).size / 1e6).toFixed(1)} MB)`);
  pruneDist(f.platform);
}

main().catch((err) => {
  console.error(`eas-local: ${err.message}`);
  process.exit(1);
});
