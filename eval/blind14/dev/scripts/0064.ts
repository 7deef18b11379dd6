#!/usr/bin/env -S npx tsx
// `scaffold` CLI: remembers the user's preferred template and licence in
// its own config file at ~/.config/acme-scaffold/config.json, then creates
// a new package folder inside the current repository.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

namespace Config {
  export interface Shape {
    template: "library" | "service" | "cli";
    license: string;
    author?: string;
  }

  const dir = path.join(process.env.XDG_CONFIG_HOME ?? path.join(os.homedir(), ".config"), "acme-scaffold");
  export const file = path.join(dir, "config.json");

  export const defaults: Shape = { template: "library", license: "MIT" };

  export function load(): Shape {
    try {
      return { ...defaults, ...JSON.parse(fs.readFileSync(file, "utf8")) };
    } catch {
      return { ...defaults };
    }
  }

  export function save(cfg: Shape): void {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(cfg, null, 2) + "\n", { mode: 0o600 });
  }
}

namespace Templates {
  export function files(name: string, cfg: Config.Shape): Record<string, string> {
    const pkg = {
      name: `@acme/${name}`,
      version: "0.1.0",
      license: cfg.license,
      author: cfg.author,
      main: "dist/index.js",
      scripts: { build: "tsc -p .", test: "vitest run" },
    };
    const common: Record<string, string> = {
      "package.json": JSON.stringify(pkg, null, 2) + "\n",
      "tsconfig.json": JSON.stringify({ extends: "../../tsconfig.base.json", include: ["src"] }, null, 2) + "\n",
      "README.md": `# @acme/${name}\n`,
    };
    switch (cfg.template) {
      case "service":
        return { ...common, "src/index.ts": 'export function start(): void {\n  console.log("up");\n}\n' };
      case "cli":
        return { ...common, "src/index.ts": "#!/usr/bin/env node\nconsole.log(process.argv.slice(2));\n" };
      default:
        return { ...common, "src/index.ts": "export const hello = (n: string) => `hello ${n}`;\n" };
    }
  }
}

function parseArgs(argv: string[]): { name?: string; set: Partial<Config.Shape>; remember: boolean } {
  const set: Partial<Config.Shape> = {};
  let name: string | undefined;
  let remember = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--template") set.template = argv[++i] as Config.Shape["template"];
    else if (a === "--license") set.license = argv[++i];
    else if (a === "--author") set.author = argv[++i];
    else if (a === "--remember") remember = true;
    else name = a;
  }
  return { name, set, remember };
}

function main(): number {
  const { name, set, remember } = parseArgs(process.argv.slice(2));
  const cfg = { ...Config.load(), ...set };
  if (remember) {
    Config.save(cfg);
    console.log(`saved preferences to ${Config.file}`);
  }
  if (!name) return remember ? 0 : (console.error("usage: scaffold <name> [--template t]"), 2);
  if (!/^[a-z][a-z0-9-]*$/.test(name)) {
    console.error(`invalid package name ${name}`);
    return 2;
  }
  const target = path.join(process.cwd(), "packages", name);
  if (fs.existsSync(target)) {
    console.error(`${target} already exists`);
    return 1;
  }
  for (const [rel, content] of Object.entries(Templates.files(name, cfg))) {
    const file = path.join(target, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
  console.log(`created packages/${name} from the ${cfg.template} template`);
  return 0;
}

process.exit(main());
