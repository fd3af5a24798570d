// `npm run bench:held-out -- --mirrors <folder> | --checkouts <folder>`: the plugin against the held-out corpus
// (bench/held-out/labels/*.json, labelled by reading before the plugin ran on the code; see bench/held-out/README.md).
// Each repository is taken at its labelled commit, from a folder of git mirrors (`--mirrors`: a git directory per
// repository, in `<folder>/<owner>+<name>`, as the session's fetch tool leaves them) or of checkouts (`--checkouts`:
// `<folder>/<owner>+<name>` already at that commit). The scope's files are linted with acp/all, untyped, from the
// repository's root (so the relative imports the plugin follows resolve), and the reports are scored against the
// labels: recall (violations reported by their rule at their line), false reports (reports by the labelled rule at
// a clean look-alike's line), and the other reports, to be read. `--list` prints the misses and the other reports;
// `--json` prints the figures as JSON; `--plugin <path>` lints with another build; `--labels <folder>` scores other
// label files.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ESLint } from "eslint";
import { exitWithoutBuild, pluginPath } from "./configs.mjs";


function option(name) {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

const mirrors = option("--mirrors");
const checkouts = option("--checkouts");
const list = process.argv.includes("--list");
const asJson = process.argv.includes("--json");
/** `--labels <folder>`: other label files than the corpus's (to try the script on a repository of one's own). */
const LABELS = resolve(option("--labels") ?? join(fileURLToPath(import.meta.url), "..", "held-out", "labels"));
if ((mirrors === undefined) === (checkouts === undefined)) {
  console.error("Give the repositories: --mirrors <folder of git directories> or --checkouts <folder of checkouts>, each <owner>+<name>.");
  process.exit(2);
}

const plugin = pluginPath();
exitWithoutBuild(plugin);
const { default: acp } = await import(pathToFileURL(plugin).href);
const { default: parser } = await import("@typescript-eslint/parser");

/** A git directory inside `dir` (a bare mirror, or a folder holding `.git`). */
function gitDirIn(dir) {
  if (existsSync(join(dir, "HEAD")) && existsSync(join(dir, "objects"))) return dir;
  if (existsSync(join(dir, ".git"))) return join(dir, ".git");
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const found = gitDirIn(join(dir, entry.name));
      if (found) return found;
    }
  }
  return undefined;
}

/** The files the lint reads: code, and the JSON of package.json and tsconfig.json. */
const READ_EXTENSIONS = ["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs", "json"];

/**
 * The repository's tree at `commit`, written to a temporary folder (node_modules left out). A mirror may lack its
 * largest blobs (a video, a bundle, a large JSON snapshot), which makes `git archive` of the whole tree fail: then only
 * the files the lint reads whose blobs the mirror has are written, one by one.
 */
function exportCommit(gitDir, commit) {
  const dir = mkdtempSync(join(tmpdir(), "acp-held-out-"));
  try {
    const archive = execFileSync("git", ["--git-dir", gitDir, "archive", "--format=tar", commit], { maxBuffer: 1 << 30, stdio: ["ignore", "pipe", "pipe"] });
    execFileSync("tar", ["-x", "-C", dir, "--exclude=node_modules"], { input: archive });
  } catch {
    writeReadFiles(gitDir, commit, dir);
  }
  return dir;
}

/** Writes the files of `commit` the lint reads (READ_EXTENSIONS, outside node_modules) whose blobs are present. */
function writeReadFiles(gitDir, commit, dir) {
  const entries = execFileSync("git", ["--git-dir", gitDir, "ls-tree", "-r", "-z", commit], { maxBuffer: 1 << 30, encoding: "utf8" })
    .split("\0")
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = [line.slice(0, line.indexOf("\t")), line.slice(line.indexOf("\t") + 1)];
      const [, type, sha] = meta.split(" ");
      return { type, sha, path };
    })
    .filter((e) => e.type === "blob" && READ_EXTENSIONS.some((ext) => e.path.endsWith(`.${ext}`)) && !e.path.split("/").includes("node_modules"));
  // One `cat-file --batch` for all: "<sha> blob <size>\n<content>\n", or "<sha> missing\n" for a blob the mirror lacks.
  const out = execFileSync("git", ["--git-dir", gitDir, "cat-file", "--batch"], { input: entries.map((e) => e.sha).join("\n") + "\n", maxBuffer: 1 << 30 });
  let at = 0;
  for (const entry of entries) {
    const end = out.indexOf(10, at);
    const header = out.subarray(at, end).toString("utf8").split(" ");
    at = end + 1;
    if (header[1] === "missing") continue;
    const size = Number(header[2]);
    const path = join(dir, entry.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, out.subarray(at, at + size));
    at += size + 1;
  }
}

/** The folder holding the repository at the labelled commit, and a function to clean up after it. */
function repositoryAt(labels) {
  const name = labels.repo.replace("/", "+");
  if (checkouts !== undefined) return { dir: resolve(checkouts, name), done: () => {} };
  const gitDir = gitDirIn(resolve(mirrors, name));
  if (!gitDir) throw new Error(`no git directory for ${labels.repo} in ${resolve(mirrors, name)}`);
  const dir = exportCommit(gitDir, labels.commit);
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

async function lintScope(dir, scope) {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      // As acp-lint lints: the code's own eslint-disable comments work, and only acp/ problems and parse errors count.
      { files: ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"], languageOptions: { parser }, linterOptions: { reportUnusedDisableDirectives: "off" } },
      acp.configs.all,
    ],
    ignore: false,
  });
  const results = await eslint.lintFiles(scope.map((file) => join(dir, file)));
  return results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId?.startsWith("acp/") || (message.ruleId === null && message.message.startsWith("Parsing error")))
      .map((message) => ({ file: result.filePath.slice(dir.length + 1), line: message.line, rule: message.ruleId, message: message.message })),
  );
}

const at = (item) => `${item.file}:${item.line}`;
const HYGIENE = "acp/prefer-error-factory";

async function score(labels) {
  const { dir, done } = repositoryAt(labels);
  try {
    const reports = await lintScope(dir, labels.scope);
    const matches = (label) => (report) => report.rule === label.rule && report.file === label.file && report.line === label.line;
    // prefer-error-factory is hygiene, not a requirement (README): its labels are scored apart, when there are any.
    const judged = labels.violations.filter((violation) => violation.rule !== null && violation.rule !== HYGIENE);
    const hygiene = labels.violations.filter((violation) => violation.rule === HYGIENE);
    const found = judged.filter((violation) => reports.some(matches(violation)));
    const missed = judged.filter((violation) => !reports.some(matches(violation)));
    const falseReports = labels.clean.filter((clean) => reports.some(matches(clean)));
    const labelled = [...labels.violations, ...labels.clean].filter((label) => label.rule !== null);
    const others = reports.filter((report) => !labelled.some((label) => matches(label)(report)));
    const unjudged = labels.violations.filter((violation) => violation.rule === null);
    const hygieneFound = hygiene.filter((violation) => reports.some(matches(violation))).length;
    return { repo: labels.repo, violations: judged.length, found: found.length, clean: labels.clean.length, falseReports, missed, others, unjudged, hygiene: hygiene.length, hygieneFound };
  } finally {
    done();
  }
}

const files = readdirSync(LABELS).filter((name) => name.endsWith(".json")).sort();
const scores = [];
for (const file of files) scores.push(await score(JSON.parse(readFileSync(join(LABELS, file), "utf8"))));

const total = (key) => scores.reduce((sum, s) => sum + (Array.isArray(s[key]) ? s[key].length : s[key]), 0);
if (asJson) {
  console.log(JSON.stringify({ scores, total: { violations: total("violations"), found: total("found"), clean: total("clean"), falseReports: total("falseReports"), others: total("others") } }, null, 2));
} else {
  const percent = (a, b) => (b === 0 ? "-" : `${Math.round((100 * a) / b)}%`);
  console.log(`${"repository".padEnd(44)} recall        false reports   other reports`);
  for (const s of scores) {
    console.log(`${s.repo.padEnd(44)} ${`${s.found}/${s.violations}`.padEnd(6)} ${percent(s.found, s.violations).padEnd(6)} ${`${s.falseReports.length}/${s.clean}`.padEnd(15)} ${s.others.length}`);
  }
  console.log(`${"all".padEnd(44)} ${`${total("found")}/${total("violations")}`.padEnd(6)} ${percent(total("found"), total("violations")).padEnd(6)} ${`${total("falseReports")}/${total("clean")}`.padEnd(15)} ${total("others")}`);
  console.log(`(prefer-error-factory, labelled where a labeller chose to: ${total("hygieneFound")}/${total("hygiene")})`);
  if (list) {
    for (const s of scores) {
      for (const miss of s.missed) console.log(`missed   ${s.repo} ${at(miss)} ${miss.rule}: ${miss.why}`);
      for (const clean of s.falseReports) console.log(`false    ${s.repo} ${at(clean)} ${clean.rule}: ${clean.why}`);
      for (const other of s.others) console.log(`other    ${s.repo} ${at(other)} ${other.rule}: ${other.message}`);
      for (const none of s.unjudged) console.log(`no rule  ${s.repo} ${at(none)}: ${none.why}`);
    }
  }
}
