#!/usr/bin/env -S npx tsx
// Install the project's Gramps report templates and filters for the current user
// so that `gramps -a report` can use them outside the repository.
import { copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const SRC = join(process.cwd(), "gramps");
const GRAMPS_HOME = process.env.GRAMPSHOME ?? join(homedir(), ".gramps");
const TARGETS: Record<string, string> = {
  filters: join(GRAMPS_HOME, "gramps52", "custom_filters.xml"),
  templates: join(GRAMPS_HOME, "gramps52", "report_templates"),
};

if (!existsSync(SRC)) {
  console.error("no gramps/ directory in the project");
  process.exit(1);
}

mkdirSync(TARGETS.templates, { recursive: true });
copyFileSync(join(SRC, "custom_filters.xml"), TARGETS.filters);
console.log(`installed filters -> ${TARGETS.filters}`);

for (const f of readdirSync(join(SRC, "templates"))) {
  copyFileSync(join(SRC, "templates", f), join(TARGETS.templates, f));
  console.log(`installed template ${f}`);
}
console.log("restart Gramps to see the new filters");
