// tools/ros-shell.ts - print (and cache) the environment needed to use the workspace.
//
// Computes the variables that `source install/setup.bash` would set and
// writes them to .ros-env for editors; also makes new terminals ready.

import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const WS = path.resolve(__dirname, '..');
const DISTRO = process.env.ROS_DISTRO ?? 'humble';

const cache = new WeakMap<object, Record<string, string>>();
const key = { ws: WS };

function sourcedEnv(): Record<string, string> {
  const hit = cache.get(key);
  if (hit) return hit;
  const setup = path.join(WS, 'install', 'setup.bash');
  if (!existsSync(setup)) throw new Error('build the workspace first (colcon build)');
  const res = spawnSync('bash', ['-c', `source /opt/ros/${DISTRO}/setup.bash && source ${setup} && env -0`], {
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(res.stderr);
  const env: Record<string, string> = {};
  for (const item of res.stdout.split('\0')) {
    const i = item.indexOf('=');
    if (i > 0) env[item.slice(0, i)] = item.slice(i + 1);
  }
  cache.set(key, env);
  return env;
}

function rosVars(env: Record<string, string>): Record<string, string> {
  const keep = /^(ROS_|AMENT_|COLCON_|PYTHONPATH$|LD_LIBRARY_PATH$|CMAKE_PREFIX_PATH$)/;
  return Object.fromEntries(Object.entries(env).filter(([k]) => keep.test(k)));
}

function writeEnvFile(vars: Record<string, string>): string {
  const file = path.join(WS, '.ros-env');
  writeFileSync(file, Object.entries(vars).map(([k, v]) => `${k}=${v}`).join('\n') + '\n');
  return file;
}

function terminalHook(): void {
  const rc = path.join(homedir(), '.bashrc');
  const line = `[ -f ${WS}/install/setup.bash ] && source ${WS}/install/setup.bash  # ros-shell`;
  const existing = existsSync(rc) ? readFileSync(rc, 'utf8') : '';
  if (!existing.includes('# ros-shell')) appendFileSync(rc, `\n${line}\n`);
}

function main(): void {
  const env = sourcedEnv();
  const vars = rosVars(env);
  const file = writeEnvFile(vars);
  terminalHook();
  console.log(`${Object.keys(vars).length} variables -> ${path.relative(WS, file)}`);
  if (process.argv.includes('--print')) {
    for (const [k, v] of Object.entries(vars)) console.log(`export ${k}=${JSON.stringify(v)}`);
  }
  const pkgs = spawnSync('ros2', ['pkg', 'list'], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (pkgs.status === 0) {
    const ours = pkgs.stdout.split('\n').filter((p) => existsSync(path.join(WS, 'src', p)));
    console.log(`workspace packages visible: ${ours.length}`);
  }
}

try {
  main();
} catch (err) {
  console.error(`ros-shell: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
