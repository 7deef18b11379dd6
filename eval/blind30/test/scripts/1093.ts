/**
 * tika-plugin-build.ts - build the custom Tika parser plugin (Java) used by the OCR stack
 *
 *   npx tsx tools/tika-plugin-build.ts [--skip-tests]
 *
 * Checks the JDK, configures Maven for the internal artefact cache so the build works on
 * the air-gapped lab machines, runs `mvn -B package`, and copies the plugin jar into
 * tools/tika-plugins/ for the Tika server container.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const PLUGIN = path.join(ROOT, "tika-plugin");

type Mirror = { id: string; url: string; mirrorOf: string };

const mirrors: readonly Mirror[] = [
  { id: "lab-cache", url: "https://maven.example.org/repository/all/", mirrorOf: "*" },
];

function settingsXml(list: readonly Mirror[]): string {
  const entries = list
    .map((m) => `    <mirror>\n      <id>${m.id}</id>\n      <url>${m.url}</url>\n      <mirrorOf>${m.mirrorOf}</mirrorOf>\n    </mirror>`)
    .join("\n");
  return `<settings>\n  <mirrors>\n${entries}\n  </mirrors>\n</settings>\n`;
}

function javaMajor(): number {
  const out = execFileSync("java", ["-version"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const text = out || "";
  const m = /version "(\d+)/.exec(text);
  return m ? Number(m[1]) : 0;
}

function configureMaven(): string {
  const dir = path.join(os.homedir(), ".m2");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "settings.xml");
  writeFileSync(file, settingsXml(mirrors));
  return file;
}

function build(skipTests: boolean): string {
  const args = ["-B", "-q", "package"];
  if (skipTests) args.push("-DskipTests");
  execFileSync("mvn", args, { cwd: PLUGIN, stdio: "inherit" });
  const target = path.join(PLUGIN, "target");
  const jar = readdirSync(target).find((f) => f.endsWith(".jar") && !f.endsWith("-sources.jar"));
  if (!jar) throw new Error("no jar produced");
  return path.join(target, jar);
}

function install(jar: string): string {
  const dest = path.join(ROOT, "tools", "tika-plugins");
  mkdirSync(dest, { recursive: true });
  const out = path.join(dest, path.basename(jar));
  copyFileSync(jar, out);
  return out;
}

function main(): void {
  if (!existsSync(path.join(PLUGIN, "pom.xml"))) throw new Error("tika-plugin/pom.xml missing");
  let major = 0;
  try {
    major = javaMajor();
  } catch {
    throw new Error("java not found");
  }
  if (major && major < 17) throw new Error(`JDK 17+ required (found ${major})`);
  console.log(`maven settings: ${configureMaven()}`);
  const jar = build(process.argv.includes("--skip-tests"));
  console.log(`plugin installed: ${path.relative(ROOT, install(jar))}`);
  console.log("restart the tika container to load it: docker compose restart tika");
}

try {
  main();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
