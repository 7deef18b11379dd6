// scripts/check-env.ts — verify required environment variables before `pnpm dev`.
// Prints only variable names and whether they are set, never their values.

type Kind = "url" | "int" | "string" | "bool";

interface VarSpec {
  name: string;
  kind: Kind;
  required: boolean;
  secret?: boolean;
}

const SPEC: VarSpec[] = [
  { name: "DATABASE_URL", kind: "url", required: true, secret: true },
  { name: "REDIS_URL", kind: "url", required: false },
  { name: "PORT", kind: "int", required: false },
  { name: "SESSION_SECRET", kind: "string", required: true, secret: true },
  { name: "STRIPE_SECRET_KEY", kind: "string", required: false, secret: true },
  { name: "FEATURE_NEW_CHECKOUT", kind: "bool", required: false },
];

class EnvChecker {
  private problems: string[] = [];

  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  check(spec: VarSpec): string {
    const value = this.env[spec.name];
    if (value === undefined || value === "") {
      if (spec.required) this.problems.push(`${spec.name} is required`);
      return spec.required ? "MISSING" : "unset";
    }
    if (!this.valid(spec.kind, value)) {
      this.problems.push(`${spec.name} is not a valid ${spec.kind}`);
      return "INVALID";
    }
    return spec.secret ? "set (hidden)" : "set";
  }

  private valid(kind: Kind, value: string): boolean {
    switch (kind) {
      case "url":
        try {
          new URL(value);
          return true;
        } catch {
          return false;
        }
      case "int":
        return /^\d+$/.test(value);
      case "bool":
        return ["true", "false", "1", "0"].includes(value.toLowerCase());
      default:
        return true;
    }
  }

  get errors(): string[] {
    return [...this.problems];
  }
}

const checker = new EnvChecker();
for (const spec of SPEC) {
  console.log(`${spec.name.padEnd(24)} ${checker.check(spec)}`);
}
if (checker.errors.length) {
  console.error("\n" + checker.errors.map((e) => `- ${e}`).join("\n"));
  process.exit(1);
}
console.log("\nenvironment ok");
