/**
 * The metamorphic suite's harness: each case linted as it is, then each rewrite of it, and the reports compared.
 *
 * THE SAME REPORT. A report of a rewrite is the same report as one of the original when it has the same rule and
 * messageId and its range overlaps a place where the rewrite put the original report's node (edit.ts's `locate`):
 * - `same`: the node's text where it was (untouched, or inside a rewritten expression, `idOf(params.sessionId)`);
 * - `moved`: its text hoisted within its function (`const found = sessions.has(id);` before the `if`);
 * - `helper`: its text copied into the helper, `#private` method or closure the code moved into: the branch that
 *   makes the mistake, where issue 36 (point 5) wants a report for a helper of the same file;
 * - `call`: the statement or expression that now calls the helper (`const s = this.entries.resolve(…)`), where
 *   point 5 wants it when the helper belongs to another module (whose text is no longer in the linted file).
 * Either place counts as surviving; the table counts how many landed where. At a call, a rule's message for a
 * helper's mistake counts as its message for the same mistake inline (CALL_VARIANTS: idempotent-session-delete's
 * `helperFailsOnMissing` for `failsOnMissing`). Reports are paired one to one, the original's in order, each with
 * the first unpaired report of the rewrite at a text place, else at a call.
 *
 * WHICH REPORTS. The reports of the case's rule (a suite's case), or of every rule of the list on the lines an
 * annotated file expects them (`// expect:`, or the line before or after), in every case the rewrite applied to. Those inside the code the rewrite changed (the functions, objects or
 * classes it edited: `Program.touched`) are also counted apart: keeping the others asks less of the analysis. A
 * rewrite of a valid case must add no report: any report of the rewrite paired with none of the original's is
 * added (on an invalid case too, counted apart).
 */
import { type Case, METAMORPHIC_RULES } from "./cases.js";
import type { Place } from "./edit.js";
import { type Finding, type LintResult, type ModuleFinding, Workspace } from "./lint.js";
import type { Program, Rewrite } from "./rewrite.js";
import { REWRITES } from "./rewrites/index.js";
import { parseSource } from "./syntax.js";

const PLACES: readonly Place[] = ["same", "moved", "helper", "call"];

/** A rule's messageIds for a mistake reported at the call of a helper that makes it, by the messageId inline. */
export const CALL_VARIANTS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  "idempotent-session-delete": { failsOnMissing: ["helperFailsOnMissing"] },
  "negotiate-protocol-version": { errorForVersion: ["errorForVersionThrough"], notUnsupportedVersion: ["notUnsupportedVersionThrough"] },
  "no-lost-error-code": { lostCode: ["lostCodeThrough"], lostClassCode: ["lostCodeThrough"] },
  // Another module's unchecked use, a `!` among them, is reported at the call as a lookup used unchecked.
  "require-session-check": { assertedSession: ["unguardedSession"], assertedSessionV2: ["unguardedSessionV2"] },
  "session-not-found-data": {
    missingSessionId: ["missingSessionIdThrough"],
    missingSessionIdV2: ["missingSessionIdThroughV2"],
    resourceNotFoundForSession: ["resourceNotFoundThrough"],
    resourceNotFoundForSessionV2: ["resourceNotFoundThroughV2"],
  },
};

const sameMessage = (original: Finding, found: Finding, place: Place) =>
  found.rule === original.rule &&
  (found.messageId === original.messageId || (place === "call" && (CALL_VARIANTS[original.rule]?.[original.messageId] ?? []).includes(found.messageId)));

const overlaps = (a: readonly [number, number], b: readonly [number, number]) =>
  a[0] === a[1] || b[0] === b[1] ? b[0] <= a[0] && a[1] <= b[1] : a[0] < b[1] && b[0] < a[1];

export interface Pairing {
  readonly survived: readonly { readonly finding: Finding; readonly place: Place }[];
  readonly lost: readonly Finding[];
  readonly added: readonly Finding[];
  /** Reports in the modules the rewrite wrote that pair with no original's: added, like `added`. */
  readonly addedInModules?: readonly ModuleFinding[];
}

/**
 * The original's reports paired with the rewrite's (see THE SAME REPORT above). A report the rewrite moved into a
 * module it wrote (module-class) survives there when that module, linted too, reports the same rule and messageId on
 * the same text (`inModule`: the original's reported text, `this` as the rewrite's `owner`): place "helper".
 */
export function pair(
  before: readonly Finding[],
  after: readonly Finding[],
  program: Pick<Program, "main">,
  inModule?: { readonly code: string; readonly findings: readonly ModuleFinding[] },
): Pairing {
  const free = new Set(after);
  const survived: { finding: Finding; place: Place }[] = [];
  const pending: Finding[] = [];
  const take = (finding: Finding, places: readonly Place[]) => {
    const located = program.main.locate(...finding.range).filter((l) => places.includes(l.place));
    for (const l of located.sort((a, b) => PLACES.indexOf(a.place) - PLACES.indexOf(b.place))) {
      const match = [...free].find((f) => sameMessage(finding, f, l.place) && overlaps(f.range, l.range));
      if (match) {
        free.delete(match);
        survived.push({ finding, place: l.place });
        return true;
      }
    }
    return false;
  };
  for (const finding of before) if (!take(finding, ["same", "moved", "helper"])) pending.push(finding);
  const moduleFree = new Set(inModule?.findings ?? []);
  const inAModule = (finding: Finding) => {
    if (!inModule) return false;
    const text = inModule.code.slice(...finding.range);
    const owned = text.replace(/\bthis\b/gu, "owner");
    const match = [...moduleFree].find((f) => f.rule === finding.rule && f.messageId === finding.messageId && (f.text === text || f.text === owned));
    if (!match) return false;
    moduleFree.delete(match);
    survived.push({ finding, place: "helper" });
    return true;
  };
  const lost = pending.filter((finding) => !take(finding, ["call"]) && !inAModule(finding));
  return { survived, lost, added: [...free], ...(inModule ? { addedInModules: [...moduleFree] } : {}) };
}

/** What one rewrite did over the cases. */
export interface RewriteFigures {
  readonly rewrite: string;
  readonly description: string;
  /** Cases it applied to (gave at least one program), by kind. */
  readonly applied: Record<Case["kind"], number>;
  /** The original's reports in the cases it applied to, and how many survived, by place. */
  reports: number;
  survived: number;
  readonly places: Record<Place, number>;
  /** Of those, the reports inside the code it changed. */
  readonly changed: { reports: number; survived: number };
  /** The reports and survivors by rule. */
  readonly byRule: Record<string, { reports: number; survived: number }>;
  /** Reports the rewrites of valid cases added (should be none), and of annotated and invalid ones. */
  readonly added: Record<Case["kind"], number>;
  /** Examples: the first few valid cases that got a report, the reports lost, broken or crashed rewrites. */
  readonly addedExamples: string[];
  readonly lostExamples: string[];
  /** Rewrites that do not parse (a bug of the rewrite), and lints where the plugin threw. */
  readonly broken: string[];
  readonly crashes: string[];
}

/** What the original cases gave, before any rewrite. */
export interface Originals {
  cases: number;
  reports: number;
  /** Cases linted with type information (typed cases whose reports differ without it). */
  typed: number;
  /** Cases that do not parse with typescript-estree alone, do not lint, or crash the plugin. */
  readonly skipped: string[];
  /** Invalid cases whose reports here differ in number from what their suite expects (a harness that lints otherwise). */
  readonly mismatched: string[];
  /** Annotated files: `// expect:` lines the original is not reported on, and its reports on no such line (not counted). */
  readonly expectedMissed: string[];
  readonly unexpected: string[];
}

/** One lost report, for the runner's detail file: the case, the rewrite, the report and the rewritten text. */
export interface Lost {
  readonly rewrite: string;
  readonly label: string;
  readonly finding: Finding;
  readonly line: string;
  /** Inside the code the rewrite changed. */
  readonly changed: boolean;
  readonly text: string;
}

export interface Run {
  readonly originals: Originals;
  readonly figures: readonly RewriteFigures[];
  readonly lost: readonly Lost[];
  readonly added: readonly Lost[];
}

const EXAMPLES = 8;

function emptyFigures(rewrite: Rewrite): RewriteFigures {
  return {
    rewrite: rewrite.name,
    description: rewrite.description,
    applied: { valid: 0, invalid: 0, annotated: 0 },
    reports: 0,
    survived: 0,
    places: { same: 0, moved: 0, helper: 0, call: 0 },
    changed: { reports: 0, survived: 0 },
    byRule: {},
    added: { valid: 0, invalid: 0, annotated: 0 },
    addedExamples: [],
    lostExamples: [],
    broken: [],
    crashes: [],
  };
}

const describe = (f: Finding) => `${f.rule}/${f.messageId} at ${f.line}:${f.column}`;
const sameFindings = (a: LintResult, b: LintResult) =>
  JSON.stringify(a.findings.map((f) => [f.rule, f.messageId, f.range])) === JSON.stringify(b.findings.map((f) => [f.rule, f.messageId, f.range]));
const lineAt = (text: string, offset: number) => text.slice(text.lastIndexOf("\n", offset - 1) + 1, (text.indexOf("\n", offset) + 1 || text.length + 1) - 1).trim();

/** Lints every case and each rewrite of it; `progress` hears of each case done. */
export async function runMetamorphic(cases: readonly Case[], rewrites: readonly Rewrite[] = REWRITES, progress?: (done: number) => void): Promise<Run> {
  const workspace = new Workspace();
  const figures = rewrites.map(emptyFigures);
  const originals: Originals = { cases: 0, reports: 0, typed: 0, skipped: [], mismatched: [], expectedMissed: [], unexpected: [] };
  const lostList: Lost[] = [];
  const addedList: Lost[] = [];
  let salt = 0;
  try {
    for (const [index, c] of cases.entries()) {
      progress?.(index);
      const source = parseSource(c.code, c.filename);
      if (!source) {
        originals.skipped.push(`${c.label}: does not parse`);
        continue;
      }
      let typed = false;
      let original = await workspace.lint(c, c.code, [], false);
      if (c.typing) {
        const withTypes = await workspace.lint(c, c.code, [], true);
        if (!sameFindings(original, withTypes) || withTypes.fatal || withTypes.crash) {
          typed = true;
          original = withTypes;
        }
      }
      if (original.fatal || original.crash) {
        originals.skipped.push(`${c.label}: ${original.fatal ?? original.crash?.split("\n")[0]}`);
        continue;
      }
      originals.cases++;
      originals.typed += typed ? 1 : 0;
      // An annotated file's reports count on its `// expect:` lines (the line before or after too, as score-cases
      // matches them); its others are allowed or false, and pair like any without being counted.
      const near = (rule: string, line: number) => (c.expected?.get(rule) ?? []).some((l) => Math.abs(l - line) <= 1);
      const counted = (f: Finding) => c.kind !== "annotated" || near(f.rule, f.line);
      originals.reports += original.findings.filter(counted).length;
      for (const f of original.findings.filter((x) => !counted(x))) originals.unexpected.push(`${c.label}: ${describe(f)}`);
      for (const [rule, lines] of c.expected ?? []) {
        if (!c.rules.includes(rule)) continue;
        for (const line of lines) if (!original.findings.some((f) => f.rule === rule && Math.abs(f.line - line) <= 1)) originals.expectedMissed.push(`${c.label}:${line} ${rule}`);
      }
      if (c.expectedReports !== undefined && c.expectedReports !== original.findings.length) {
        originals.mismatched.push(`${c.label}: ${original.findings.length} reports, the suite expects ${c.expectedReports}`);
      }
      for (const [r, rewrite] of rewrites.entries()) {
        const programs = rewrite.apply(source, String(++salt));
        const tally = figures[r]!;
        if (programs.length > 0) tally.applied[c.kind]++;
        for (const program of programs) {
          const result = await workspace.lint(c, program.main.text, program.modules, typed);
          if (result.fatal) {
            tally.broken.push(`${c.label}: ${result.fatal}`);
            continue;
          }
          if (result.crash) {
            tally.crashes.push(`${c.label}: ${result.crash}`);
            continue;
          }
          const paired = pair(original.findings, result.findings, program, { code: c.code, findings: result.moduleFindings ?? [] });
          const survived = paired.survived.filter((s) => counted(s.finding));
          const lost = paired.lost.filter(counted);
          const added = paired.added;
          const inside = (f: Finding) => program.touched.some(([a, b]) => a <= f.range[0] && f.range[1] <= b);
          tally.reports += survived.length + lost.length;
          tally.survived += survived.length;
          for (const s of survived) {
            tally.places[s.place]++;
            if (inside(s.finding)) tally.changed.survived++;
          }
          tally.changed.reports += [...survived.map((s) => s.finding), ...lost].filter(inside).length;
          for (const [f, kept] of [...survived.map((s) => [s.finding, true] as const), ...lost.map((l) => [l, false] as const)]) {
            const rule = (tally.byRule[f.rule] ??= { reports: 0, survived: 0 });
            rule.reports++;
            rule.survived += kept ? 1 : 0;
          }
          for (const f of lost) {
            if (tally.lostExamples.length < EXAMPLES) tally.lostExamples.push(`${c.label}: ${describe(f)}`);
            lostList.push({ rewrite: rewrite.name, label: c.label, finding: f, line: lineAt(c.code, f.range[0]), changed: inside(f), text: program.main.text });
          }
          tally.added[c.kind] += added.length + (paired.addedInModules?.length ?? 0);
          for (const f of paired.addedInModules ?? []) {
            if (c.kind !== "invalid" && tally.addedExamples.length < EXAMPLES) tally.addedExamples.push(`${c.label}: ${f.rule}/${f.messageId} in a module the rewrite wrote, on ${f.text}`);
          }
          for (const f of added) {
            if (c.kind !== "invalid" && tally.addedExamples.length < EXAMPLES) tally.addedExamples.push(`${c.label}: ${describe(f)}: ${f.message}`);
            addedList.push({ rewrite: rewrite.name, label: `${c.kind}: ${c.label}`, finding: f, line: lineAt(program.main.text, f.range[0]), changed: inside(f), text: program.main.text });
          }
        }
      }
    }
  } finally {
    workspace.dispose();
  }
  return { originals, figures, lost: lostList, added: addedList };
}

export { METAMORPHIC_RULES };
