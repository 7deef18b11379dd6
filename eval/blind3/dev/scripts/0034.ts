// tmp_env_check.ts - verify required env vars are present before deploy
import "dotenv/config";

const REQUIRED = ["DATABASE_URL", "STRIPE_SECRET_KEY", "SENTRY_DSN", "JWT_SECRET"];
const missing = REQUIRED.filter((k) => !process.env[k]);
for (const k of REQUIRED) {
  console.log(`${k.padEnd(20)} ${process.env[k] ?? "(missing)"}`);
}
if (missing.length) {
  console.error("missing:", missing.join(", "));
  process.exit(1);
}
