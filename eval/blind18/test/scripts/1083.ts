#!/usr/bin/env -S npx tsx
// Recommend and configure editor extensions for this repository.
//
// Writes .vscode/extensions.json (recommendations + unwantedRecommendations)
// and .vscode/settings.json keys for the languages detected in the repo.
// It never installs anything: `--print-install` prints the
// `code --install-extension` commands for the recommended IDs from the
// marketplace, which the developer may run themselves.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const VSCODE = path.join(ROOT, ".vscode");

interface LanguageProfile {
  detect: () => boolean;
  extensions: string[];
  settings: Record<string, unknown>;
}

function has(rel: string): boolean {
  return existsSync(path.join(ROOT, rel));
}

function anyFile(dir: string, ext: string): boolean {
  const full = path.join(ROOT, dir);
  if (!existsSync(full)) {
    return false;
  }
  const stack = [full];
  while (stack.length) {
    const cur = stack.pop()!;
    for (const entry of readdirSync(cur, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) {
        continue;
      }
      const p = path.join(cur, entry.name);
      if (entry.isDirectory()) {
        stack.push(p);
      } else if (entry.name.endsWith(ext)) {
        return true;
      }
    }
  }
  return false;
}

const PROFILES: Record<string, LanguageProfile> = {
  kotlin: {
    detect: () => has("settings.gradle.kts"),
    extensions: ["fwcd.kotlin", "vscjava.vscode-gradle"],
    settings: { "kotlin.languageServer.enabled": true, "java.import.gradle.enabled": true },
  },
  dotnet: {
    detect: () => anyFile("src", ".csproj"),
    extensions: ["ms-dotnettools.csdevkit"],
    settings: { "dotnet.defaultSolution": "Shipping.sln", "omnisharp.enableRoslynAnalyzers": true },
  },
  elixir: {
    detect: () => has("mix.exs"),
    extensions: ["JakeBecker.elixir-ls"],
    settings: { "elixirLS.fetchDeps": false, "elixirLS.dialyzerEnabled": true },
  },
  swift: {
    detect: () => has("Package.swift"),
    extensions: ["sswg.swift-lang"],
    settings: { "swift.path": "", "swift.buildArguments": ["--build-tests"] },
  },
  dart: {
    detect: () => has("pubspec.yaml") || has("app/pubspec.yaml"),
    extensions: ["Dart-Code.dart-code", "Dart-Code.flutter"],
    settings: { "dart.lineLength": 100, "[dart]": { "editor.formatOnSave": true } },
  },
  web: {
    detect: () => has("package.json"),
    extensions: ["dbaeumer.vscode-eslint", "esbenp.prettier-vscode"],
    settings: { "editor.defaultFormatter": "esbenp.prettier-vscode", "eslint.useFlatConfig": true },
  },
};

const UNWANTED = ["ms-vscode.vscode-typescript-tslint-plugin", "hookyqr.beautify"];

const COMMON_SETTINGS: Record<string, unknown> = {
  "files.insertFinalNewline": true,
  "files.trimTrailingWhitespace": true,
  "task.allowAutomaticTasks": "off",
  "security.workspace.trust.untrustedFiles": "prompt",
};

function readJsonc(file: string): Record<string, unknown> {
  if (!existsSync(file)) {
    return {};
  }
  const text = readFileSync(file, "utf8")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/,(\s*[}\]])/g, "$1");
  return text.trim() ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function detected(): string[] {
  return Object.entries(PROFILES)
    .filter(([, p]) => p.detect())
    .map(([name]) => name);
}

function mergeExtensions(langs: string[]): Record<string, unknown> {
  const file = path.join(VSCODE, "extensions.json");
  const current = readJsonc(file) as { recommendations?: string[]; unwantedRecommendations?: string[] };
  const recs = new Set(current.recommendations ?? []);
  for (const l of langs) {
    PROFILES[l].extensions.forEach((e) => recs.add(e));
  }
  const unwanted = new Set([...(current.unwantedRecommendations ?? []), ...UNWANTED]);
  return { recommendations: [...recs].sort(), unwantedRecommendations: [...unwanted].sort() };
}

function mergeSettings(langs: string[]): Record<string, unknown> {
  const file = path.join(VSCODE, "settings.json");
  const current = readJsonc(file);
  const wanted: Record<string, unknown> = { ...COMMON_SETTINGS };
  for (const l of langs) {
    Object.assign(wanted, PROFILES[l].settings);
  }
  // existing user choices win over our defaults
  return { ...wanted, ...current };
}

function write(name: string, data: Record<string, unknown>, check: boolean): boolean {
  const file = path.join(VSCODE, name);
  const text = `${JSON.stringify(data, null, 2)}\n`;
  const old = existsSync(file) ? readFileSync(file, { encoding: "utf8" }) : "";
  if (old === text) {
    return false;
  }
  if (!check) {
    mkdirSync(VSCODE, { recursive: true });
    writeFileSync(file, text);
  }
  console.log(`${check ? "would update" : "updated"} .vscode/${name}`);
  return true;
}

// Settings keys that other tools in the repo also configure; warn when the
// workspace settings disagree with the repo's formatter configs.
function conflicts(settings: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (existsSync(path.join(ROOT, ".editorconfig")) && settings["editor.tabSize"] !== undefined) {
    out.push("editor.tabSize is set although .editorconfig exists; prefer .editorconfig");
  }
  if (has(".prettierrc") && settings["prettier.printWidth"] !== undefined) {
    out.push("prettier.printWidth overrides .prettierrc for VS Code users only");
  }
  return out;
}

function main(): void {
  const args = new Set(process.argv.slice(2));
  const check = args.has("--check");
  const langs = detected();
  console.log(`detected: ${langs.join(", ") || "nothing"}`);
  const extensions = mergeExtensions(langs);
  const changed = [
    write("extensions.json", extensions, check),
    write("settings.json", mergeSettings(langs), check),
  ].some(Boolean);
  for (const warning of conflicts(mergeSettings(langs))) {
    console.warn(`note: ${warning}`);
  }
  if (args.has("--print-install")) {
    console.log("\nrun these yourself if you want the recommendations installed:");
    for (const id of extensions.recommendations as string[]) {
      console.log(`  code --install-extension ${id}`);
    }
  }
  if (check && changed) {
    process.exitCode = 1;
  }
}

main();
