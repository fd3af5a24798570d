/**
 * Move the guarded lookup into a class of another module, held in a field: `./file.resolver.ts` exports
 * `class EntryResolver` whose `resolve(…)` runs the same statements on its parameters (the variables of the module
 * and the handler it reads, `this` as `owner`) with the module's imports; what real code shares through a module
 * rather than hands to another module's function (a class, a function, a constant table: shared-declarations.ts) is
 * imported from the case's file instead, exported there (the two modules import each other); the handler's class holds
 * `entries = new EntryResolver()` and calls `this.entries.resolve(…)`. A handler outside a class holds it in a
 * module constant instead. Not for CommonJS modules.
 */
import { Edits, programOf, type Rewrite, siblingModule } from "../rewrite.js";
import { AST_NODE_TYPES, classOfThis, freshName, importOffset, indentAt, isCommonJs, type Source, type TSESTree } from "../syntax.js";
import { type SharedDeclaration, sharedDeclaration } from "../shared-declarations.js";
import { bodyPieces, type Extraction, extractions, parameterList, replaceByCall, thisAs } from "../targets.js";

export const moduleClass: Rewrite = {
  name: "module-class",
  description: "move the guarded lookup into a class of another module held in a field",
  apply(source: Source, salt = "") {
    if (isCommonJs(source)) return [];
    const targets = extractions(source).filter((x) => !x.needs.privateNames && !x.needs.superOrArguments);
    if (targets.length === 0) return [];
    const { name: file, specifier } = siblingModule(source.filename, `resolver${salt}`);
    const names = new Set<string>();
    const className = freshName(source.code, "EntryResolver", names);
    const edits = new Edits(source.code);
    const methods: string[] = [];
    const touched: (readonly [number, number])[] = [];
    const holders = new Map<TSESTree.ClassBody | undefined, string>();
    // What real code shares through a module (a class, a function, a constant table) is imported from the case's
    // file by the new module; only the rest (stores) is handed in.
    const shared = new Map<string, SharedDeclaration>();
    for (const x of targets) {
      const body = classOfThis(source, x.fn);
      if (!holders.has(body)) holders.set(body, freshName(source.code, "entries", names));
      const holder = holders.get(body)!;
      const owner = x.needs.thisAt.length > 0 ? ["owner"] : [];
      const passed: string[] = [];
      for (const name of x.needs.module) {
        const declaration = sharedDeclaration(source, name);
        if (declaration) shared.set(name, declaration);
        else passed.push(name);
      }
      const params = [...passed, ...x.needs.closure, ...owner];
      const args = [...passed, ...x.needs.closure, ...(owner.length ? ["this"] : [])];
      const method = `resolve${methods.length === 0 ? "" : methods.length + 1}`;
      replaceByCall(edits, x, `${body ? "this." : ""}${holder}.${method}(${args.join(", ")})`);
      methods.push(methodText(source, x, method, params));
      touched.push(x.fn.range);
    }
    const at = importOffset(source);
    const declarations = [`import { ${className} } from "${specifier}";`];
    for (const [body, holder] of holders) {
      if (!body) declarations.push(`const ${holder} = new ${className}();`);
      else edits.insert(body.range[0] + 1, [`\n${indentAt(source.code, body.range[1] - 1)}  ${source.typescript ? "readonly " : ""}${holder} = new ${className}();`]);
    }
    edits.insert(at, [at === 0 ? `${declarations.join("\n")}\n` : `\n${declarations.join("\n")}`]);
    const imports = source.ast.body.filter((s) => s.type === AST_NODE_TYPES.ImportDeclaration).map((s) => source.code.slice(...s.range));
    if (shared.size > 0) {
      for (const declaration of shared.values()) if (!declaration.exported) edits.insert(declaration.statement.range[0], ["export "]);
      imports.push(`import { ${[...shared.keys()].join(", ")} } from "${ownSpecifier(source.filename)}";`);
    }
    const module = `${imports.map((i) => `${i}\n`).join("")}\nexport class ${className} {\n${methods.join("\n")}}\n`;
    return programOf(edits, touched, [{ name: file, text: module }]);
  },
};

/** How the new module, beside the case's file, imports it: `./file.js` for `file.ts`. */
function ownSpecifier(filename: string): string {
  const base = filename.replace(/^.*[\\/]/u, "");
  return `./${base.replace(/\.([cm]?)tsx?$/u, ".$1js").replace(/\.jsx$/u, ".js")}`;
}

/** The method's text: the moved code as written in the case, `this` as `owner`. */
function methodText(source: Source, x: Extraction, name: string, params: readonly string[]): string {
  const pieces = bodyPieces(source.code, x, thisAs(x, "owner"), "    ");
  const body = pieces.map((p) => (typeof p === "string" ? p : source.code.slice(p.from, p.to))).join("");
  return `  ${x.needs.awaits ? "async " : ""}${name}${parameterList(params)} {\n${body}\n  }\n`;
}
