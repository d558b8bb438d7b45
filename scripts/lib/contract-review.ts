// One contract review: the rule findings (scripts/lib/openapi-diff.ts), the compiler's view
// (type-compat.ts), generated/ freshness, the accepted changes and the policy, and the report in
// markdown (a pull-request comment), json (tools), github (annotations) or text.
import { isDeepStrictEqual } from 'node:util';
import { LineCounter, parse as parseYaml, parseDocument, type Document } from 'yaml';
import { ruleOf, severityRank, type Severity } from './contract-rules.js';
import { diffDocuments, type Finding } from './openapi-diff.js';
import { compareTypes, type Hunk, type TypeFailure } from './type-compat.js';
import { typesBanner, typesFor } from './types-gen.js';

export interface SpecPair {
  /** `openapi/orders.yaml` */
  name: string;
  beforeText?: string;
  afterText?: string;
  /** generated/<name>/types.ts on the head side, when known (git modes). */
  generatedTypes?: string | null;
}

/** A change: one edit, with every place (operation, field) it reaches. */
export interface Change {
  spec: string;
  rule: string;
  severity: Severity;
  change: string;
  operation: string;
  where: string;
  field: string;
  /** `openapi/orders.yaml:123` on the side the change is visible. */
  file: string;
  line?: number;
  storedData?: boolean;
  note?: string;
  /** The JSON pointer of what changed, on the side given by `file`'s line. */
  pointer: string;
  places: { operation: string; where: string; field: string }[];
  accepted?: AcceptedChange;
}

export interface SpecReview {
  name: string;
  status: 'unchanged' | 'changed' | 'added' | 'removed';
  error?: string;
  newVersion?: { from: string; to: string };
  changes: Change[];
  types?: { failures: (TypeFailure & { explained: boolean })[]; hunks: Hunk[] };
  generated: 'fresh' | 'stale' | 'not checked';
}

export interface AcceptedChange {
  rule: string;
  operation: string;
  field?: string;
  spec?: string;
  reason: string;
  accepted_by: string;
  date: string;
}

export interface Review {
  title: string;
  failOn: Severity;
  specs: SpecReview[];
  acceptedUnused: AcceptedChange[];
  result: 'pass' | 'fail' | 'error';
  /** Why the policy failed, one line each. */
  failures: string[];
}

/** openapi/accepted-changes.yaml: `accepted:` a list of {rule, operation, field?, spec?, reason, accepted_by, date}. */
export function parseAcceptedChanges(text: string | undefined): AcceptedChange[] {
  if (text === undefined || text.trim() === '') return [];
  const doc = parseYaml(text) as { accepted?: unknown } | null;
  const list = doc?.accepted ?? [];
  if (!Array.isArray(list)) throw new Error('`accepted` must be a list');
  return list.map((entry, i) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    const missing = ['rule', 'operation', 'reason', 'accepted_by', 'date'].filter(
      (k) => e[k] === undefined || e[k] === '',
    );
    if (missing.length > 0) throw new Error(`entry ${i + 1} lacks ${missing.join(', ')}`);
    if (e.rule !== 'type-request-incompatible' && e.rule !== 'type-response-incompatible') ruleOf(String(e.rule));
    return {
      rule: String(e.rule),
      operation: String(e.operation),
      field: e.field === undefined ? undefined : String(e.field),
      spec: e.spec === undefined ? undefined : String(e.spec),
      reason: String(e.reason),
      accepted_by: String(e.accepted_by),
      date: e.date instanceof Date ? e.date.toISOString().slice(0, 10) : String(e.date),
    };
  });
}

const matches = (a: AcceptedChange, spec: string, rule: string, place: { operation: string; field: string }) =>
  a.rule === rule &&
  (a.operation === '*' || a.operation === place.operation) &&
  (a.field === undefined || a.field === place.field) &&
  (a.spec === undefined || a.spec === spec);

// ---------------------------------------------------------------------------------------------
// Lines in the YAML

/** A contract's text parsed once: its YAML document (with line positions) and its value. */
interface ParsedSpec {
  doc: Document;
  counter: LineCounter;
  value: unknown;
}
const parsedSpecs = new Map<string, ParsedSpec>();

function parsedSpec(text: string): ParsedSpec {
  let entry = parsedSpecs.get(text);
  if (!entry) {
    const counter = new LineCounter();
    const doc = parseDocument(text, { lineCounter: counter });
    if (doc.errors.length > 0) throw doc.errors[0]!;
    // Nothing downstream changes the value (the checker inlines into copies), so it is shared.
    entry = { doc, counter, value: doc.toJS({ maxAliasCount: -1 }) };
    if (parsedSpecs.size > 16) parsedSpecs.clear();
    parsedSpecs.set(text, entry);
  }
  return entry;
}

export function lineOf(text: string, pointer: string): number | undefined {
  let entry: ParsedSpec;
  try {
    entry = parsedSpec(text);
  } catch {
    return undefined;
  }
  const segs = pointer
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (let n = segs.length; n >= 0; n--) {
    const path = segs.slice(0, n).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    const node =
      n === 0 ? entry.doc.contents : (entry.doc.getIn(path, true) as { range?: [number, number, number] } | undefined);
    const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
    if (range) {
      // A value's line is its key's line for a block map or list below the key.
      const line = entry.counter.linePos(range[0]).line;
      return n < segs.length || !isBlock(node) ? line : Math.max(1, line - 1);
    }
  }
  return undefined;
}

const isBlock = (node: unknown): boolean => {
  const n = node as { items?: unknown; flow?: boolean } | undefined;
  return n !== undefined && Array.isArray(n.items) && n.flow !== true;
};

// ---------------------------------------------------------------------------------------------
// Comparing one pair

function parseSpec(text: string, label: string): unknown {
  try {
    return parsedSpec(text).value;
  } catch (err) {
    throw new Error(`${label}: not valid YAML: ${(err as Error).message}`, { cause: err });
  }
}

function groupChanges(spec: string, findings: Finding[], pair: SpecPair): Change[] {
  const groups = new Map<string, Change>();
  for (const f of findings) {
    const key = `${f.rule}\u0000${f.change}\u0000${f.origin.side}\u0000${f.origin.pointer}\u0000${f.rule === 'unclassified' || f.origin.pointer === '' ? `${f.operation}${f.field}` : ''}`;
    const existing = groups.get(key);
    const place = { operation: f.operation, where: f.where, field: f.field };
    if (existing) {
      if (!existing.places.some((p) => isDeepStrictEqual(p, place))) existing.places.push(place);
      continue;
    }
    const text = f.origin.side === 'after' ? pair.afterText : pair.beforeText;
    groups.set(key, {
      spec,
      rule: f.rule,
      severity: f.severity,
      change: f.change,
      operation: f.operation,
      where: f.where,
      field: f.field,
      file: spec,
      line: text !== undefined && f.origin.pointer !== '' ? lineOf(text, f.origin.pointer) : undefined,
      storedData: f.storedData,
      note: f.note,
      pointer: f.origin.pointer,
      places: [place],
    });
  }
  return [...groups.values()];
}

/** `types: false` skips the compiler (the mutation sweep judges rules only). */
export async function reviewPair(
  pair: SpecPair,
  { types: withTypes = true }: { types?: boolean } = {},
): Promise<SpecReview> {
  const { name, beforeText, afterText } = pair;
  try {
    if (beforeText !== undefined && afterText !== undefined && beforeText === afterText) {
      const generated = await freshness(pair, parseSpec(afterText, name) as Record<string, unknown>);
      const changes = generated === 'stale' ? [staleChange(name)] : [];
      return { name, status: 'unchanged', changes, generated };
    }
    const before =
      beforeText === undefined ? undefined : (parseSpec(beforeText, `${name} (base)`) as Record<string, unknown>);
    const after =
      afterText === undefined ? undefined : (parseSpec(afterText, `${name} (head)`) as Record<string, unknown>);
    const status = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
    const result = diffDocuments(before ?? {}, after ?? {});
    const changes = groupChanges(name, result.findings, pair);
    if (status !== 'changed')
      changes.unshift({
        spec: name,
        rule: `spec-${status}`,
        severity: status === 'added' ? 'info' : 'error',
        change: `${name} ${status}`,
        operation: '(document)',
        where: 'document',
        field: '',
        file: name,
        pointer: '',
        places: [],
      });
    let types: SpecReview['types'];
    let generated: SpecReview['generated'] = 'not checked';
    if (before && after && withTypes) {
      const [beforeTypes, afterTypes] = await Promise.all([typesFor(before), typesFor(after)]);
      const compared = compareTypes(beforeTypes, afterTypes, result.pairs);
      const sideOf = (c: Change) =>
        /^response/.test(c.where)
          ? 'response'
          : /^(parameter|request body|security)$/.test(c.where)
            ? 'request'
            : 'other';
      const failures = compared.failures.map((f) => ({
        ...f,
        // Explained: a rule already judged this operation's side an error (or could not judge it).
        explained: changes.some(
          (c) =>
            (c.severity === 'error' || c.note !== undefined || c.rule === 'unclassified') &&
            sideOf(c) === f.direction &&
            c.places.some((p) => p.operation === f.operation),
        ),
      }));
      types = { failures, hunks: compared.hunks };
      // What no rule judged as an error but the compiler refuses: a gap in the rules, reported as its own change.
      for (const f of failures.filter((x) => !x.explained)) {
        changes.push({
          spec: name,
          rule: `type-${f.direction}-incompatible`,
          severity: result.newVersion ? 'info' : 'error',
          change: `the compiler refuses the ${f.direction === 'request' ? 'old request types in the new' : 'new response types in the old'} (see Type-level compatibility)`,
          operation: f.operation,
          where: f.part,
          field: '',
          file: name,
          pointer: '',
          note: result.newVersion ? `allowed under the new version label \`${result.newVersion.to}\`` : undefined,
          places: [{ operation: f.operation, where: f.part, field: '' }],
        });
      }
      generated = await freshness(pair, after, afterTypes);
    } else if (after) generated = await freshness(pair, after);
    if (generated === 'stale') changes.unshift(staleChange(name));
    return { name, status, changes, types, generated, newVersion: result.newVersion };
  } catch (err) {
    return { name, status: 'changed', changes: [], generated: 'not checked', error: (err as Error).message };
  }
}

const staleChange = (name: string): Change => ({
  spec: name,
  rule: 'generated-types-stale',
  severity: 'error',
  change: `generated/${name.replace(/^openapi\//, '').replace(/\.yaml$/, '')}/types.ts does not match ${name}: run \`npm run generate\` and commit the result`,
  operation: '(document)',
  where: 'document',
  field: '',
  file: name,
  pointer: '',
  places: [],
});

async function freshness(
  pair: SpecPair,
  after: Record<string, unknown>,
  afterTypes?: string,
): Promise<SpecReview['generated']> {
  if (pair.generatedTypes === undefined) return 'not checked';
  const spec = pair.name.replace(/^openapi\//, '');
  const want = typesBanner(spec) + (afterTypes ?? (await typesFor(after)));
  return pair.generatedTypes === want ? 'fresh' : 'stale';
}

// ---------------------------------------------------------------------------------------------
// Policy

export function applyPolicy(title: string, specs: SpecReview[], accepted: AcceptedChange[], failOn: Severity): Review {
  const used = new Set<AcceptedChange>();
  for (const spec of specs) {
    for (const c of spec.changes) {
      const entry = accepted.find((a) =>
        c.places
          .concat(c.places.length === 0 ? [{ operation: c.operation, where: c.where, field: c.field }] : [])
          .some((p) => matches(a, spec.name, c.rule, p)),
      );
      if (entry) {
        c.accepted = entry;
        used.add(entry);
      }
    }
  }
  const failures: string[] = [];
  for (const spec of specs) {
    if (spec.error) failures.push(`${spec.name}: the comparison failed: ${spec.error}`);
    const open = spec.changes.filter((c) => !c.accepted);
    const unclassified = open.filter((c) => c.rule === 'unclassified').length;
    const failing = open.filter(
      (c) => c.rule !== 'unclassified' && severityRank(c.severity) >= severityRank(failOn),
    ).length;
    if (failing > 0)
      failures.push(
        `${spec.name}: ${failing} change${failing === 1 ? '' : 's'} at ${failOn}${failOn === 'error' ? '' : ' or above'}`,
      );
    if (unclassified > 0)
      failures.push(`${spec.name}: ${unclassified} unclassified difference${unclassified === 1 ? '' : 's'}`);
  }
  const result = specs.some((s) => s.error) ? 'error' : failures.length > 0 ? 'fail' : 'pass';
  return { title, failOn, specs, acceptedUnused: accepted.filter((a) => !used.has(a)), result, failures };
}

export const exitCode = (review: Review): number => (review.result === 'error' ? 2 : review.result === 'fail' ? 1 : 0);

// ---------------------------------------------------------------------------------------------
// Rendering

const ICON: Record<Severity | 'unclassified', string> = { error: '❌', warning: '⚠️', info: 'ℹ️', unclassified: '❓' };
const label = (c: Change): Severity | 'unclassified' => (c.rule === 'unclassified' ? 'unclassified' : c.severity);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function counts(changes: Change[]) {
  const open = changes.filter((c) => !c.accepted);
  return {
    changes: changes.length,
    places: changes.reduce((n, c) => n + Math.max(1, c.places.length), 0),
    error: open.filter((c) => c.rule !== 'unclassified' && c.severity === 'error').length,
    warning: open.filter((c) => c.rule !== 'unclassified' && c.severity === 'warning').length,
    info: open.filter((c) => c.rule !== 'unclassified' && c.severity === 'info').length,
    unclassified: open.filter((c) => c.rule === 'unclassified').length,
    accepted: changes.length - open.length,
  };
}

export function headline(review: Review): string {
  const all = review.specs.flatMap((s) => s.changes);
  const n = counts(all);
  const parts = [
    `${n.error} error`,
    `${n.warning} warning`,
    `${n.info} info`,
    `${n.unclassified} unclassified`,
    `${n.accepted} accepted`,
  ];
  return `${plural(n.changes, 'change')} (${parts.join(', ')}) at ${plural(n.places, 'place')}`;
}

const describe = (c: Change): string => {
  const where = c.where === 'operation' || c.where === 'document' ? [] : [c.where];
  const place = [...where, ...(c.field ? [`\`${c.field}\``] : [])].join(' ');
  return place ? `${place}: ${c.change}` : c.change;
};

const link = (c: Change): string =>
  c.line === undefined ? `\`${c.file}\`` : `[${c.file}:${c.line}](${c.file}#L${c.line})`;

/** Changes by operation; a change that reaches several operations (a shared component) is listed once, under it. */
function byOperation(changes: Change[]): Map<string, Change[]> {
  const groups = new Map<string, Change[]>();
  const heading = (c: Change) => {
    const ops = new Set(c.places.map((p) => p.operation));
    if (ops.size <= 1) return `\`${c.operation}\``;
    const component = /^\/components\/[^/]+\/[^/]+/.exec(c.pointer)?.[0];
    return `${ops.size} operations${component ? ` through \`${component.slice(1)}\`` : ''}`;
  };
  const order = (c: Change) =>
    c.operation === '(document)' ? 0 : new Set(c.places.map((p) => p.operation)).size > 1 ? 1 : 2;
  for (const c of [...changes].sort(
    (x, y) =>
      order(x) - order(y) ||
      x.operation.localeCompare(y.operation) ||
      severityRank(y.severity) - severityRank(x.severity),
  )) {
    const key = heading(c);
    const list = groups.get(key) ?? [];
    list.push(c);
    groups.set(key, list);
  }
  return groups;
}

export function renderMarkdown(review: Review): string {
  const out: string[] = [];
  out.push(`## API review: ${review.title}`, '');
  const verdict =
    review.result === 'pass' ? '✅ passes' : review.result === 'fail' ? '❌ fails' : '⚠️ could not compare';
  out.push(
    `**${verdict}** the policy (fail on ${review.failOn}${review.failOn === 'error' ? '' : ' and above'}, and on unclassified differences): ${headline(review)}.`,
    '',
  );
  for (const f of review.failures) out.push(`- ${f}`);
  if (review.failures.length > 0) out.push('');
  out.push(
    '| spec | status | changes | ❌ error | ⚠️ warning | ℹ️ info | ❓ unclassified | accepted | generated/ |',
    '|---|---|--:|--:|--:|--:|--:|--:|---|',
  );
  for (const s of review.specs) {
    const n = counts(s.changes);
    out.push(
      `| \`${s.name}\` | ${s.status}${s.newVersion ? ` (new version \`${s.newVersion.to}\`)` : ''} | ${n.changes} | ${n.error} | ${n.warning} | ${n.info} | ${n.unclassified} | ${n.accepted} | ${s.generated} |`,
    );
  }
  out.push('');
  for (const s of review.specs) {
    if (s.error) out.push(`> ⚠️ \`${s.name}\`: ${s.error}`, '');
    if (s.changes.length === 0) continue;
    out.push(`### \`${s.name}\``, '');
    if (s.newVersion)
      out.push(
        `A new version label (\`${s.newVersion.from}\` → \`${s.newVersion.to}\`): under the README's versioning policy its breaking changes are a new version, listed as info.`,
        '',
      );
    for (const [heading, list] of byOperation(s.changes)) {
      out.push(`#### ${heading}`, '');
      for (const c of list) {
        const acceptedMark = c.accepted ? ' *(accepted)*' : '';
        out.push(`- ${ICON[label(c)]} \`${c.rule}\`${acceptedMark} ${describe(c)} · ${link(c)}`);
        const details: string[] = [];
        details.push(
          `${label(c)}: ${c.rule === 'unclassified' || c.rule.startsWith('type-') ? ruleOfSafe(c.rule) : ruleOf(c.rule).reason}.`,
        );
        if (c.note) details.push(`Note: ${c.note}.`);
        if (c.accepted)
          details.push(`Accepted by ${c.accepted.accepted_by} on ${c.accepted.date}: ${c.accepted.reason}`);
        if (c.storedData) details.push('Stored rows may no longer fit: see Stored data below.');
        if (c.places.length > 1) {
          details.push(
            `${c.places.length} places:`,
            '',
            ...c.places.map((p) => `- \`${p.operation}\` ${p.where}${p.field ? ` \`${p.field}\`` : ''}`),
          );
        }
        out.push(
          `  <details><summary>${c.places.length > 1 ? `why · ${c.places.length} places` : 'why'}</summary>`,
          '',
          ...details.map((d) => (d ? `  ${d}` : '')),
          '  </details>',
        );
      }
      out.push('');
    }
  }
  renderStoredData(review, out);
  renderTypes(review, out);
  renderAccepted(review, out);
  renderChangelog(review, out);
  return out.join('\n');
}

function ruleOfSafe(id: string): string {
  try {
    return ruleOf(id).reason;
  } catch {
    return id;
  }
}

function renderStoredData(review: Review, out: string[]): void {
  const narrowing = review.specs.flatMap((s) => s.changes.filter((c) => c.storedData));
  out.push('### Stored data', '');
  if (narrowing.length === 0) {
    out.push('No response-side narrowing: rows stored before this change still fit.', '');
    return;
  }
  out.push(
    `${plural(narrowing.length, 'change')} narrow${narrowing.length === 1 ? 's' : ''} what a response may hold. Orders are stored as rendered documents and served as stored,`,
    'so rows written before the change may now violate the contract they are served under. Check them before shipping:',
    '',
    '```sh',
    'DATABASE_URL=… npm run spec:check-data',
    '```',
    '',
  );
  for (const c of narrowing)
    out.push(`- \`${c.rule}\` ${describe(c)} (${plural(Math.max(1, c.places.length), 'place')}) · ${link(c)}`);
  out.push('');
}

function renderTypes(review: Review, out: string[]): void {
  out.push('### Type-level compatibility', '');
  const specs = review.specs.filter((s) => s.types);
  if (specs.length === 0) {
    out.push('Nothing to compile (no spec changed on both sides).', '');
    return;
  }
  for (const s of specs) {
    const { failures, hunks } = s.types!;
    out.push(`#### \`${s.name}\``, '');
    if (failures.length === 0)
      out.push(
        '✅ Old request values fit the new request types, and new response values fit the old response types.',
        '',
      );
    for (const f of failures) {
      const what = `the compiler refuses ${f.direction === 'request' ? 'the old values in the new types' : 'the new values in the old types'}`;
      const verdict = f.explained ? `${what}, as the rules above say` : `❌ ${what}, and **no rule said so**`;
      out.push(
        `- \`${f.operation}\` ${f.part}: ${verdict}:`,
        '',
        '  ```text',
        ...f.message.split('\n').map((l) => `  ${l}`),
        '  ```',
        '',
      );
    }
    if (hunks.length === 0) out.push('The generated types do not change.', '');
    else {
      out.push(`<details><summary>Changed declarations (${plural(hunks.length, 'hunk')})</summary>`, '');
      for (const h of hunks.slice(0, 60)) out.push(`\`${h.declaration}\``, '', '```diff', ...h.lines, '```', '');
      if (hunks.length > 60) out.push(`… and ${hunks.length - 60} more.`, '');
      out.push('</details>', '');
    }
  }
}

function renderAccepted(review: Review, out: string[]): void {
  const accepted = review.specs.flatMap((s) => s.changes.filter((c) => c.accepted));
  if (accepted.length === 0 && review.acceptedUnused.length === 0) return;
  out.push('### Accepted changes (`openapi/accepted-changes.yaml`)', '');
  for (const c of accepted)
    out.push(
      `- \`${c.rule}\` \`${c.operation}\` ${describe(c)}: accepted by ${c.accepted!.accepted_by} on ${c.accepted!.date}: ${c.accepted!.reason}`,
    );
  for (const a of review.acceptedUnused)
    out.push(
      `- (matches nothing in this change) \`${a.rule}\` \`${a.operation}\`${a.field ? ` \`${a.field}\`` : ''}: ${a.reason}`,
    );
  out.push('');
}

function renderChangelog(review: Review, out: string[]): void {
  const specs = review.specs.filter((s) => s.changes.length > 0);
  if (specs.length === 0) return;
  out.push('<details><summary>Changelog by operation (documentation edits included)</summary>', '');
  for (const s of specs) {
    const byPlace = new Map<string, string[]>();
    for (const c of s.changes) {
      for (const p of c.places.length > 0 ? c.places : [{ operation: c.operation, where: c.where, field: c.field }]) {
        const list = byPlace.get(p.operation) ?? [];
        const line = `${describe({ ...c, where: p.where, field: p.field })}`;
        if (!list.includes(line)) list.push(line);
        byPlace.set(p.operation, list);
      }
    }
    out.push(`**\`${s.name}\`**`, '');
    for (const [op, lines] of [...byPlace].sort(([a], [b]) => a.localeCompare(b))) {
      out.push(`- \`${op}\``, ...lines.map((l) => `  - ${l}`));
    }
    out.push('');
  }
  out.push('</details>', '');
}

export function renderText(review: Review): string {
  const out = [`API review: ${review.title.replace(/`/g, '')}`, `${review.result.toUpperCase()}: ${headline(review)}`];
  for (const f of review.failures) out.push(`  ${f}`);
  for (const s of review.specs) {
    if (s.error) out.push(`${s.name}: could not compare: ${s.error}`);
    for (const c of s.changes) {
      const where = c.line === undefined ? c.file : `${c.file}:${c.line}`;
      out.push(
        `${label(c).toUpperCase().padEnd(12)} ${c.rule}  ${c.operation} ${describe(c).replace(/`/g, '')}${c.places.length > 1 ? ` (+${c.places.length - 1} places)` : ''}${c.accepted ? ' [accepted]' : ''}  ${where}`,
      );
    }
    for (const f of s.types?.failures ?? [])
      out.push(`TYPE         ${f.operation} ${f.part}: ${f.message.split('\n').at(-1)!.trim()}`);
  }
  return out.join('\n');
}

export function renderGithub(review: Review): string {
  const out: string[] = [];
  const escape = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const prop = (s: string) => escape(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  for (const s of review.specs) {
    if (s.error) out.push(`::error file=${s.name},title=spec-diff::${escape(s.error)}`);
    for (const c of s.changes) {
      if (c.accepted) continue;
      const level =
        c.rule === 'unclassified' || c.severity === 'error' ? 'error' : c.severity === 'warning' ? 'warning' : 'notice';
      const line = c.line === undefined ? '' : `,line=${c.line}`;
      out.push(
        `::${level} file=${c.file}${line},title=${prop(c.rule)}::${escape(`${c.operation} ${describe(c).replace(/`/g, '')}${c.places.length > 1 ? ` (and ${c.places.length - 1} more places)` : ''}`)}`,
      );
    }
    for (const f of s.types?.failures ?? []) {
      out.push(
        `::${f.explained ? 'notice' : 'error'} file=${s.name},title=${prop(`type-${f.direction}-incompatible`)}::${escape(`${f.operation} ${f.part}: ${f.message}`)}`,
      );
    }
  }
  out.push(`${review.result === 'pass' ? '' : '::error title=spec-diff::'}${headline(review)}`);
  return out.join('\n');
}

export function renderJson(review: Review): string {
  return JSON.stringify(
    {
      title: review.title,
      result: review.result,
      failOn: review.failOn,
      failures: review.failures,
      counts: counts(review.specs.flatMap((s) => s.changes)),
      specs: review.specs.map((s) => ({ ...s, counts: counts(s.changes) })),
      acceptedUnused: review.acceptedUnused,
    },
    null,
    2,
  );
}
