#!/usr/bin/env -S npx tsx
// Print the connection settings the harbor API will use, to debug "connection refused".
const settings = {
  databaseUrl: process.env.DATABASE_URL ?? "(unset)",
  redisUrl: process.env.REDIS_URL ?? "(unset)",
  jwtSecret: process.env.JWT_SECRET ?? "(unset)",
  s3Key: process.env.AWS_ACCESS_KEY_ID ?? "(unset)",
  s3Secret: process.env.AWS_SECRET_ACCESS_KEY ?? "(unset)",
};

console.log("harbor API connection settings:");
for (const [name, value] of Object.entries(settings)) {
  console.log(`  ${name.padEnd(12)} ${value}`);
}

try {
  const parsed = new URL(settings.databaseUrl);
  console.log(`\ndb host ${parsed.hostname}:${parsed.port || 5432}`);
  console.log(`db user ${parsed.username} / password ${decodeURIComponent(parsed.password)}`);
} catch {
  console.log("\nDATABASE_URL is not a URL");
}
