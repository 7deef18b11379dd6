// tools/ws-doctor.ts - diagnose common problems in a ROS 2 colcon workspace.
//
//   tsx tools/ws-doctor.ts            run all checks, print findings
//   tsx tools/ws-doctor.ts --fix      apply the safe fixes listed below
//
// Checks:
//   overlay-order   install/ sourced before /opt/ros? (AMENT_PREFIX_PATH order)
//   stale-install   packages in install/ that no longer exist in src/
//   duplicate-pkgs  the same package name in two places under src/
//   rosdep          `rosdep check` for undeclared/missing system deps
//   domain-id       ROS_DOMAIN_ID unset while other robots share the network
//   build-type      packages built with different CMAKE_BUILD_TYPE values
//
// Safe fixes (--fix): remove stale per-package dirs from build/ and install/
// of THIS workspace (each path is checked to be inside the workspace), and
// write a suggested env snippet to .ws-env. Nothing outside the workspace is
// changed; rosdep installs are only suggested, never run.

import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const WS = path.resolve(__dirname, '..');

type Level = 'ok' | 'warn' | 'error';

interface Finding {
  check: string;
  level: Level;
  message: string;
  fix?: () => void;
}

function inside(p: string): boolean {
  try {
    const real = realpathSync(p);
    return real === WS || real.startsWith(WS + path.sep);
  } catch {
    return false;
  }
}

function packagesInSrc(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (dir: string, depth: number) => {
    if (depth > 6) return;
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    if (entries.includes('COLCON_IGNORE')) return;
    if (entries.includes('package.xml')) {
      const xml = readFileSync(path.join(dir, 'package.xml'), 'utf8');
      const name = /<name>\s*([^<\s]+)\s*<\/name>/.exec(xml)?.[1];
      if (name) found.set(name, [...(found.get(name) ?? []), path.relative(WS, dir)]);
      return;
    }
    for (const e of entries) {
      const p = path.join(dir, e);
      if (!e.startsWith('.') && statSync(p).isDirectory()) walk(p, depth + 1);
    }
  };
  walk(path.join(WS, 'src'), 0);
  return found;
}

function checkOverlayOrder(): Finding {
  const prefixes = (process.env.AMENT_PREFIX_PATH ?? '').split(':').filter(Boolean);
  if (!prefixes.length) return { check: 'overlay-order', level: 'warn', message: 'no ROS environment sourced' };
  const ours = prefixes.findIndex((p) => p.startsWith(path.join(WS, 'install')));
  const underlay = prefixes.findIndex((p) => p.startsWith('/opt/ros/'));
  if (ours >= 0 && underlay >= 0 && ours > underlay) {
    return { check: 'overlay-order', level: 'error', message: 'workspace install/ comes after /opt/ros in AMENT_PREFIX_PATH' };
  }
  return { check: 'overlay-order', level: 'ok', message: `${prefixes.length} prefix(es) in order` };
}

function checkStaleInstall(src: Map<string, string[]>): Finding {
  const installDir = path.join(WS, 'install');
  if (!existsSync(installDir)) return { check: 'stale-install', level: 'ok', message: 'no install/ yet' };
  const stale = readdirSync(installDir).filter(
    (n) => statSync(path.join(installDir, n)).isDirectory() && !n.startsWith('_') && !src.has(n),
  );
  if (!stale.length) return { check: 'stale-install', level: 'ok', message: 'install/ matches src/' };
  return {
    check: 'stale-install',
    level: 'warn',
    message: `stale packages in install/: ${stale.join(', ')}`,
    fix: () => {
      for (const name of stale) {
        for (const base of ['install', 'build']) {
          const p = path.join(WS, base, name);
          if (existsSync(p) && inside(p)) rmSync(p, { recursive: true, force: true });
        }
      }
    },
  };
}

function checkDuplicates(src: Map<string, string[]>): Finding {
  const dups = [...src].filter(([, paths]) => paths.length > 1);
  if (!dups.length) return { check: 'duplicate-pkgs', level: 'ok', message: `${src.size} package(s), no duplicates` };
  return {
    check: 'duplicate-pkgs',
    level: 'error',
    message: dups.map(([n, p]) => `${n} in ${p.join(' and ')}`).join('; '),
  };
}

async function checkRosdep(): Promise<Finding> {
  try {
    await run('rosdep', ['check', '--from-paths', path.join(WS, 'src'), '--ignore-src'], { timeout: 120_000 });
    return { check: 'rosdep', level: 'ok', message: 'all system dependencies satisfied' };
  } catch (err) {
    const out = String((err as { stdout?: string }).stdout ?? '').trim().split('\n').slice(-5).join(' | ');
    return { check: 'rosdep', level: 'warn', message: `missing deps (run rosdep install yourself): ${out}` };
  }
}

function checkDomainId(): Finding {
  const id = process.env.ROS_DOMAIN_ID;
  const localOnly = process.env.ROS_LOCALHOST_ONLY === '1' || process.env.ROS_AUTOMATIC_DISCOVERY_RANGE === 'LOCALHOST';
  if (!id && !localOnly) {
    return {
      check: 'domain-id',
      level: 'warn',
      message: 'ROS_DOMAIN_ID unset and discovery not limited to localhost; you may see other robots',
      fix: () => writeFileSync(path.join(WS, '.ws-env'), 'export ROS_DOMAIN_ID=42\nexport ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST\n'),
    };
  }
  return { check: 'domain-id', level: 'ok', message: `ROS_DOMAIN_ID=${id ?? '(localhost only)'}` };
}

function checkBuildTypes(): Finding {
  const buildDir = path.join(WS, 'build');
  if (!existsSync(buildDir)) return { check: 'build-type', level: 'ok', message: 'no build/ yet' };
  const types = new Map<string, string[]>();
  for (const pkg of readdirSync(buildDir)) {
    const cache = path.join(buildDir, pkg, 'CMakeCache.txt');
    if (!existsSync(cache)) continue;
    const t = /^CMAKE_BUILD_TYPE:\w+=(.*)$/m.exec(readFileSync(cache, 'utf8'))?.[1] || '(empty)';
    types.set(t, [...(types.get(t) ?? []), pkg]);
  }
  if (types.size <= 1) return { check: 'build-type', level: 'ok', message: `build type ${[...types.keys()][0] ?? '-'}` };
  return { check: 'build-type', level: 'warn', message: [...types].map(([t, p]) => `${t}: ${p.length} pkg(s)`).join(', ') };
}

function checkColconDefaults(): Finding {
  // a user-level defaults.yaml can silently change every build in every workspace
  const file = path.join(process.env.COLCON_HOME ?? path.join(process.env.HOME ?? '', '.colcon'), 'defaults.yaml');
  if (!existsSync(file)) return { check: 'colcon-defaults', level: 'ok', message: 'no user defaults.yaml' };
  const text = readFileSync(file, 'utf8');
  const notable = ['--merge-install', '--symlink-install', 'CMAKE_BUILD_TYPE'].filter((k) => text.includes(k));
  return { check: 'colcon-defaults', level: 'warn', message: `user defaults.yaml sets: ${notable.join(', ') || 'custom options'}` };
}

async function main(): Promise<void> {
  const fix = process.argv.includes('--fix');
  console.log(`workspace: ${WS}`);
  console.log(checkColconDefaults().message);
  const src = packagesInSrc();
  const findings = [checkOverlayOrder(), checkStaleInstall(src), checkDuplicates(src), await checkRosdep(), checkDomainId(), checkBuildTypes()];
  for (const f of findings) console.log(`${f.level.toUpperCase().padEnd(5)} ${f.check.padEnd(15)} ${f.message}`);
  if (fix) {
    for (const f of findings.filter((x) => x.fix)) {
      f.fix!();
      console.log(`fixed: ${f.check}`);
    }
  } else if (findings.some((f) => f.fix)) {
    console.log('\nrun with --fix to apply the safe fixes');
  }
  process.exitCode = findings.some((f) => f.level === 'error') ? 1 : 0;
}

main().catch((err: unknown) => {
  process.stderr.write(`ws-doctor: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(2);
});
