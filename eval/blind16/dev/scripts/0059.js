#!/usr/bin/env node
// Local release build for the React Native app (Android).
//
//   node tools/rn-android-release.js [--variant release|staging] [--bump] [--apk]
//
// 1. loads the project's .env.<variant> for the JS bundle (API base URL etc.),
// 2. optionally bumps versionCode/versionName in android/app/build.gradle,
// 3. runs ./gradlew bundle<Variant> (or assemble<Variant> with --apk), passing
//    the upload keystore password from ANDROID_UPLOAD_STORE_PASSWORD /
//    ANDROID_UPLOAD_KEY_PASSWORD to Gradle through ORG_GRADLE_PROJECT_* env vars
//    for this build only,
// 4. copies the artefact to dist/android/ and writes its sha256.
// The android/app/build/ outputs of previous runs are cleaned first.
'use strict';

const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const ANDROID = path.join(ROOT, 'android');
const GRADLE_FILE = path.join(ANDROID, 'app', 'build.gradle');
const DIST = path.join(ROOT, 'dist', 'android');
const VARIANTS = { release: 'Release', staging: 'Staging' };

function parseArgs(argv) {
  const opts = { variant: 'release', bump: false, apk: false };
  for (let i = 0; i < argv.length; i += 1) {
    switch (argv[i]) {
      case '--variant':
        opts.variant = argv[++i];
        break;
      case '--bump':
        opts.bump = true;
        break;
      case '--apk':
        opts.apk = true;
        break;
      default:
        throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  if (!VARIANTS[opts.variant]) throw new Error(`variant must be one of ${Object.keys(VARIANTS).join(', ')}`);
  return opts;
}

function loadDotenv(file) {
  const out = {};
  if (!fs.existsSync(file)) return out;
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim().replace(/^['"]|['"]$/g, '');
  }
  return out;
}

function bumpGradle() {
  let src = fs.readFileSync(GRADLE_FILE, 'utf8');
  const codeMatch = /versionCode\s+(\d+)/.exec(src);
  const nameMatch = /versionName\s+"(\d+)\.(\d+)\.(\d+)"/.exec(src);
  if (!codeMatch || !nameMatch) throw new Error('versionCode/versionName not found in build.gradle');
  const code = Number(codeMatch[1]) + 1;
  const name = `${nameMatch[1]}.${nameMatch[2]}.${Number(nameMatch[3]) + 1}`;
  src = src.replace(/versionCode\s+\d+/, `versionCode ${code}`).replace(/versionName\s+"[^"]+"/, `versionName "${name}"`);
  fs.writeFileSync(GRADLE_FILE, src);
  return { code, name };
}

function currentVersion() {
  const src = fs.readFileSync(GRADLE_FILE, 'utf8');
  return {
    code: Number((/versionCode\s+(\d+)/.exec(src) || [])[1]),
    name: (/versionName\s+"([^"]+)"/.exec(src) || [])[1],
  };
}

function signingEnv() {
  const store = process.env.ANDROID_UPLOAD_STORE_PASSWORD;
  const key = process.env.ANDROID_UPLOAD_KEY_PASSWORD;
  if (!store || !key) {
    throw new Error('set ANDROID_UPLOAD_STORE_PASSWORD and ANDROID_UPLOAD_KEY_PASSWORD (see docs/release.md)');
  }
  return {
    ORG_GRADLE_PROJECT_TRAILMIX_UPLOAD_STORE_PASSWORD: store,
    ORG_GRADLE_PROJECT_TRAILMIX_UPLOAD_KEY_PASSWORD: key,
  };
}

function checkJdk() {
  // AGP 8 needs JDK 17; a wrong JAVA_HOME is the most common cause of odd Gradle errors.
  const res = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const text = `${res.stdout || ''}${res.stderr || ''}`;
  const m = /version "(\d+)(?:\.(\d+))?/.exec(text);
  if (!m) throw new Error('java not found; install JDK 17 and set JAVA_HOME');
  const major = Number(m[1]) === 1 ? Number(m[2]) : Number(m[1]);
  if (major !== 17) {
    console.warn(`warning: JDK ${major} detected, the Android build expects JDK 17`);
  }
  return major;
}

function gradle(task, env) {
  const wrapper = process.platform === 'win32' ? 'gradlew.bat' : './gradlew';
  const res = spawnSync(wrapper, ['--no-daemon', '--console=plain', 'clean', task], {
    cwd: ANDROID,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (res.status !== 0) throw new Error(`gradle ${task} failed`);
}

function artefactPath(variant, apk) {
  const v = variant.toLowerCase();
  return apk
    ? path.join(ANDROID, 'app', 'build', 'outputs', 'apk', v, `app-${v}.apk`)
    : path.join(ANDROID, 'app', 'build', 'outputs', 'bundle', v, `app-${v}.aab`);
}

function sha256(file) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const Variant = VARIANTS[opts.variant];
  checkJdk();
  const bundleEnv = loadDotenv(path.join(ROOT, `.env.${opts.variant}`));
  const version = opts.bump ? bumpGradle() : currentVersion();
  console.log(`building ${Variant} ${opts.apk ? 'APK' : 'AAB'} ${version.name} (${version.code})`);

  const env = { ...bundleEnv, ...signingEnv(), NODE_ENV: 'production' };
  gradle(`${opts.apk ? 'assemble' : 'bundle'}${Variant}`, env);

  const artefact = artefactPath(opts.variant, opts.apk);
  if (!fs.existsSync(artefact)) throw new Error(`expected output missing: ${artefact}`);
  fs.rmSync(DIST, { recursive: true, force: true });
  fs.mkdirSync(DIST, { recursive: true });
  const ext = path.extname(artefact);
  const dest = path.join(DIST, `trailmix-${opts.variant}-${version.name}-${version.code}${ext}`);
  fs.copyFileSync(artefact, dest);
  fs.writeFileSync(`${dest}.sha256`, `${sha256(dest)}  ${path.basename(dest)}\n`);
  console.log(`artefact: ${path.relative(ROOT, dest)}`);
}

try {
  main();
} catch (err) {
  console.error(`rn-android-release: ${err.message}`);
  process.exit(1);
}
