// What the fixture projects install next to the tarball: the versions the repository itself is tested with.
import { readFileSync } from "node:fs";

const packageJson = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
  devDependencies: Record<string, string>;
};

function repoVersion(name: string): string {
  const version = packageJson.devDependencies[name];
  if (!version) throw new Error(`package.json has no devDependency ${name}`);
  return `${name}@${version}`;
}

/** The ESLint majors of the peer range, each pinned: the latest 9.x, and the 10.x the repository uses. */
export const eslintVersions = { 9: "eslint@9.39.5", 10: repoVersion("eslint") } as const;

/** A TypeScript project's usual tooling, plus the ACP SDK (and its zod peer) the agent files import. */
export const consumerTooling = [
  repoVersion("typescript"),
  repoVersion("typescript-eslint"),
  repoVersion("@types/node"),
  repoVersion("@agentclientprotocol/sdk"),
  repoVersion("zod"),
  // Lets ESLint load eslint.config.ts on Node 20, which cannot strip types itself.
  "jiti@2.7.0",
];
