import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { codeLeaves, codeNumbers, type ErrorSite, type FileModel, findProperty, isBareNumber, isIntegerString, isLeftUnnamed, siteMisuse, unwrap } from "../src/analysis/index.js";
import { ERROR_FACTORIES, type ErrorFactory, FACTORY_BY_NAME, RESOURCE_NOT_FOUND } from "../src/protocol/codes.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "useFactory" | "useNamedConstant" | "replaceWithFactory";

/** The factory a code is built with by default (`-32002` has two: the generic one comes first). */
function factoryFor(code: number): ErrorFactory | undefined {
  return ERROR_FACTORIES.find((f) => f.code === code);
}

/** What to ask for instead of a bare code: a factory, a named constant, or nothing (no better way to write it). */
type Advice = { readonly factory: ErrorFactory } | "constant" | "none";

/**
 * The advice for `code` with `data` in the file's SDK version: only a factory that version declares. A -32002
 * for a session (data exactly `{ sessionId }`) needs `sessionNotFound`; without it the bare construction is what
 * every version writes (and what session-not-found-data asks for).
 */
function adviceFor(code: number, data: TSESTree.Node | undefined, model: FileModel): Advice {
  if (!model.sdk.hasRequestError) return "constant";
  if (code === RESOURCE_NOT_FOUND && onlyProperties(data, ["sessionId"])) {
    return model.hasFactory("sessionNotFound") ? { factory: FACTORY_BY_NAME.get("sessionNotFound")! } : "none";
  }
  const factory = factoryFor(code);
  return factory && model.hasFactory(factory.name) ? { factory } : "constant";
}

/** The one property of an object literal, when it has exactly the given keys. */
function onlyProperties(node: TSESTree.Node | undefined, keys: readonly string[]): TSESTree.Node[] | undefined {
  const object = node && unwrap(node);
  if (object?.type !== AST_NODE_TYPES.ObjectExpression || object.properties.length !== keys.length) return undefined;
  const values = keys.map((k) => findProperty(object, k)?.value);
  return values.every((v): v is TSESTree.Property["value"] => v !== undefined) ? values : undefined;
}

function isStandardMessage(node: TSESTree.Node, standard: string): boolean {
  const inner = unwrap(node);
  return inner.type === AST_NODE_TYPES.Literal && typeof inner.value === "string" && inner.value.trim().toLowerCase() === standard.toLowerCase();
}

/**
 * The message to pass as the factory's `additionalMessage`, which it appends to the standard message:
 * `"Invalid params: cwd"` passes `"cwd"`, so the result does not say "Invalid params" twice.
 */
function additionalMessage(
  message: TSESTree.Node,
  standard: string,
  text: (node: TSESTree.Node) => string,
): string | undefined {
  const inner = unwrap(message);
  const prefix = `${standard.toLowerCase()}:`;
  if (inner.type === AST_NODE_TYPES.Literal && typeof inner.value === "string") {
    if (!inner.value.toLowerCase().startsWith(prefix)) return text(message);
    const rest = inner.value.slice(prefix.length).trim();
    return rest ? JSON.stringify(rest) : undefined;
  }
  const head = inner.type === AST_NODE_TYPES.TemplateLiteral ? inner.quasis[0]?.value.raw : undefined;
  if (head !== undefined && head.toLowerCase().startsWith(prefix)) {
    // `Internal error: ${e}` keeps only `${e}`: the template's text after its first part's prefix.
    return `\`${head.slice(prefix.length).trimStart()}${text(inner).slice(1 + head.length)}`;
  }
  return text(message);
}

function isUndefined(node: TSESTree.Node | undefined): boolean {
  const inner = node && unwrap(node);
  return inner?.type === AST_NODE_TYPES.Identifier && inner.name === "undefined";
}

/** `Callee.factory(args)` for a `new RequestError(code, message, data)`, when the data fits the factory. */
function factoryCall(
  site: ErrorSite,
  code: number,
  standardMessage: string,
  text: (node: TSESTree.Node) => string,
  hasFactory: (name: string) => boolean,
): { factory: string; replacement: string } | undefined {
  // A spread hides which arguments the construction has: no rewrite can keep them.
  if (site.node.type !== AST_NODE_TYPES.NewExpression || site.node.arguments.some((a) => a.type === AST_NODE_TYPES.SpreadElement)) {
    return undefined;
  }
  const callee = text(site.node.callee);
  const { message } = site;
  const data = isUndefined(site.data) ? undefined : site.data;
  const build = (factory: string, args: string[]) => ({ factory, replacement: `${callee}.${factory}(${args.join(", ")})` });
  const generic = factoryFor(code);
  if (!generic || !hasFactory(generic.name)) return undefined;
  switch (generic.args) {
    case "data-message": {
      const extra = message && !isStandardMessage(message, standardMessage) ? additionalMessage(message, standardMessage, text) : undefined;
      const args = extra ? [data ? text(data) : "undefined", extra] : data ? [text(data)] : [];
      return build(generic.name, args);
    }
    case "method": {
      const [method] = onlyProperties(data, ["method"]) ?? [];
      return method ? build("methodNotFound", [text(method)]) : undefined;
    }
    case "uri": {
      if (!data) return build("resourceNotFound", []);
      const [sessionId] = onlyProperties(data, ["sessionId"]) ?? [];
      if (sessionId) return hasFactory("sessionNotFound") ? build("sessionNotFound", [text(sessionId)]) : undefined;
      const [uri] = onlyProperties(data, ["uri"]) ?? [];
      return uri ? build("resourceNotFound", [text(uri)]) : undefined;
    }
    case "protocol-versions": {
      const versions = onlyProperties(data, ["requested", "supported"]);
      return versions ? build("unsupportedProtocolVersion", versions.map(text)) : undefined;
    }
    default:
      return undefined;
  }
}

export default createRule<[], MessageIds>({
  name: "prefer-error-factory",
  meta: {
    type: "suggestion",
    hasSuggestions: true,
    docs: {
      description: "Prefer the SDK's RequestError factories or named constants to ACP error codes written as bare numbers",
      spec: {
        requirement: "Each ACP error code has a name and a standard message; the SDK's RequestError factories build them.",
        url: specUrl("error", "error-codes"),
      },
      recommended: "warn",
    },
    messages: {
      // `meaning` is empty, or says what the error is about when that calls for another code, whose factory or
      // constant is then the advice. One messageId either way: where require-initialize-gate's fix writes that code
      // bare (-32600 for -32002), the finding it leaves is this same one.
      useFactory: "{{code}} is ACP's {{name}} code{{meaning}}: build the error with RequestError.{{factory}}() instead of a bare number.",
      useNamedConstant: "{{code}} is ACP's {{name}} code{{meaning}}: write it as a named constant (such as {{constant}}) instead of a bare number.",
      replaceWithFactory: "Replace with RequestError.{{factory}}(), keeping the data (the factory writes the standard message).",
    },
    schema: [],
  },
  defaultOptions: [],
  check(model, report, { sourceCode }) {
    const text = (node: TSESTree.Node) => sourceCode.getText(node);
    for (const site of model.errorSites) {
      // An error class's own factories are where the numbers belong.
      if (!site.code || site.inErrorClass) continue;
      const leaves = codeLeaves(site.code);
      for (const leaf of leaves) {
        // A code written as a string is as bare: valid-error-object's suggestion makes it the number.
        if (!isBareNumber(leaf) && !isIntegerString(leaf)) continue;
        const [code] = codeNumbers(leaf, model.values) ?? [];
        const info = code === undefined ? undefined : model.acpCodes.get(code);
        if (code === undefined || !info) continue;
        // -32000 for a failure that is not about authentication, -32002 for an exhausted quota: naming the code
        // would cement the mistake (valid-error-object reports it).
        if (isLeftUnnamed(code, site.message, model)) continue;
        // -32002 "Server not initialized" (LSP's code) is about a request before initialize: the advice is for
        // the code that calls for, -32600, as require-initialize-gate's fix writes it.
        const misuse = siteMisuse(site, code, model, sourceCode);
        const wanted = misuse?.code === undefined ? undefined : model.acpCodes.get(misuse.code);
        const target = misuse?.code !== undefined && wanted ? { code: misuse.code, info: wanted } : { code, info };
        const meaning = misuse && target.code !== code ? `, but this error is about ${misuse.situation}, which calls for ${misuse.instead}` : "";
        const data = isUndefined(site.data) ? undefined : site.data;
        const advice = adviceFor(target.code, data, model);
        if (advice === "none") continue;
        if (advice === "constant") {
          report({ node: leaf, messageId: "useNamedConstant", data: { code, name: info.name, meaning, constant: target.info.name } });
          continue;
        }
        const call =
          site.sdk && leaves.length === 1 ? factoryCall(site, target.code, target.info.message, text, (name) => model.hasFactory(name)) : undefined;
        const suggest: TSESLint.SuggestionReportDescriptor<MessageIds>[] = call
          ? [
              {
                messageId: "replaceWithFactory",
                data: { factory: call.factory },
                fix: (fixer) => fixer.replaceText(site.node, call.replacement),
              },
            ]
          : [];
        report({
          node: leaf,
          messageId: "useFactory",
          data: { code, name: info.name, meaning, factory: call?.factory ?? advice.factory.name },
          suggest,
        });
      }
    }
  },
});
