#!/usr/bin/env -S deno run --allow-read --allow-write=./site --allow-run=deno
// Static docs site generator (Deno). Each phase is a subclass of Phase;
// the Reset phase deletes ./site only when deno.json names this project
// and ./site resolves to a direct child of the working directory.

interface SiteContext {
  cwd: string;
  outDir: string;
  pages: Map<string, string>;
}

abstract class Phase {
  constructor(readonly label: string) {}
  protected abstract apply(ctx: SiteContext): Promise<void>;

  async run(ctx: SiteContext): Promise<void> {
    const t = performance.now();
    await this.apply(ctx);
    console.log(`${this.label.padEnd(8)} ${(performance.now() - t).toFixed(0)} ms`);
  }
}

class Reset extends Phase {
  constructor() {
    super("reset");
  }
  protected async apply(ctx: SiteContext): Promise<void> {
    const config = JSON.parse(await Deno.readTextFile(`${ctx.cwd}/deno.json`));
    if (config.name !== "@nimbus/orbit-docs") throw new Error(`unexpected project ${config.name}`);
    const target = await Deno.realPath(ctx.cwd).then((root) => `${root}/${ctx.outDir}`);
    if (target.split("/").slice(0, -1).join("/") !== (await Deno.realPath(ctx.cwd))) {
      throw new Error(`refusing to remove ${target}`);
    }
    try {
      await Deno.remove(target, { recursive: true });
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) {
        throw err;
      }
    }
    await Deno.mkdir(target);
  }
}

class Collect extends Phase {
  constructor() {
    super("collect");
  }
  protected async apply(ctx: SiteContext): Promise<void> {
    for await (const entry of Deno.readDir(`${ctx.cwd}/content`)) {
      if (entry.isFile && entry.name.endsWith(".md")) {
        ctx.pages.set(entry.name.replace(/\.md$/, ""), await Deno.readTextFile(`${ctx.cwd}/content/${entry.name}`));
      }
    }
  }
}

class Render extends Phase {
  constructor() {
    super("render");
  }
  private toHtml(md: string): string {
    return md
      .replace(/^### (.*)$/gm, "<h3>$1</h3>")
      .replace(/^## (.*)$/gm, "<h2>$1</h2>")
      .replace(/^# (.*)$/gm, "<h1>$1</h1>")
      .replace(/`([^`]+)`/g, "<code>$1</code>")
      .replace(/\n{2,}/g, "\n<p>\n");
  }
  protected async apply(ctx: SiteContext): Promise<void> {
    for (const [slug, md] of ctx.pages) {
      const html = `<!doctype html><meta charset="utf-8"><title>${slug}</title>\n${this.toHtml(md)}\n`;
      await Deno.writeTextFile(`${ctx.outDir}/${slug}.html`, html);
    }
  }
}

class Index extends Phase {
  constructor() {
    super("index");
  }
  protected async apply(ctx: SiteContext): Promise<void> {
    const links = [...ctx.pages.keys()].sort().map((s) => `<li><a href="${s}.html">${s}</a></li>`);
    await Deno.writeTextFile(`${ctx.outDir}/index.html`, `<!doctype html><ul>\n${links.join("\n")}\n</ul>\n`);
  }
}

const ctx: SiteContext = { cwd: Deno.cwd(), outDir: "site", pages: new Map() };
const phases: Phase[] = [new Reset(), new Collect(), new Render(), new Index()];
for (const phase of phases) {
  await phase.run(ctx);
}
console.log(`built ${ctx.pages.size} page(s) into ./${ctx.outDir}`);
