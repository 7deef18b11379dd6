// tmp_codemod_imports.ts - rewrite relative imports into @/ path aliases across src/
import { Project, SyntaxKind } from "ts-morph";
import path from "node:path";

const project = new Project({ tsConfigFilePath: "tsconfig.json" });
const srcRoot = path.resolve("src");
let changed = 0;

for (const sf of project.getSourceFiles("src/**/*.{ts,tsx}")) {
  let touched = false;
  for (const decl of sf.getDescendantsOfKind(SyntaxKind.ImportDeclaration)) {
    const spec = decl.getModuleSpecifierValue();
    if (!spec.startsWith("../")) continue;
    const abs = path.resolve(path.dirname(sf.getFilePath()), spec);
    if (!abs.startsWith(srcRoot)) continue;
    const alias = "@/" + path.relative(srcRoot, abs).split(path.sep).join("/");
    decl.setModuleSpecifier(alias);
    touched = true;
  }
  if (touched) changed++;
}

await project.save();
console.log(`updated ${changed} files`);
