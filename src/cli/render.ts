// Terminal rendering of command results: data in, text out.
import type { StructuredFailure } from '../output/decode.js';
import type { SchemaChange, SchemaChangeKind } from '../schema/explain.js';
import { jsonByteLength } from '../schema/size.js';
import type { ExplainResult } from './commands/explain.js';
import type { LostCounts, McpReport } from './commands/mcp.js';
import type { SearchRow } from './commands/search.js';
import type { Paint } from './style.js';

/** How many changes a stage lists before summarizing the rest. */
export const MAX_CHANGES_SHOWN_PER_STAGE = 25;

const SIGN: Record<'added' | 'removed' | 'changed', string> = { added: '+', removed: '-', changed: '~' };

function changeOp(change: SchemaChange): 'added' | 'removed' | 'changed' {
  if (change.before === undefined) return 'added';
  if (change.after === undefined) return 'removed';
  return 'changed';
}

function clip(value: unknown, width = 60): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/** Formats a byte count with thousands separators. */
export function formatBytes(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} B`;
}

/** Why each kind of change happens, in a few words (the full sentence is in `--json`). */
const CHANGE_REASONS: Record<SchemaChangeKind, string> = {
  boolean_schema_replaced: 'the model needs a typed schema',
  type_inferred: 'from its keywords',
  type_normalized: 'invalid type names removed',
  const_to_enum: 'the model carries enum, not const',
  default_added: 'arrays need items, objects need properties',
  schema_emptied: 'no type could be inferred',
  key_dropped: 'not an object of definitions',
  definition_pruned: 'nothing refers to it',
  description_stripped: 'over budget',
  ref_dropped: 'over budget',
  definitions_dropped: 'over budget',
  subtree_collapsed: 'over budget',
  composition_pruned: 'over budget',
  keyword_dropped: 'the model does not carry it',
  null_dropped: 'null is no value for it',
};

function renderChange(change: SchemaChange, paint: Paint): string {
  const op = changeOp(change);
  const color = op === 'added' ? 'green' : op === 'removed' ? 'red' : 'yellow';
  const values =
    op === 'added'
      ? ` ${paint('green', clip(change.after))}`
      : op === 'removed'
        ? ` ${paint('dim', clip(change.before))}`
        : ` ${paint('dim', clip(change.before, 30))} → ${clip(change.after, 30)}`;
  const path = change.path === '' ? '(root)' : change.path;
  const reason = paint('dim', ` (${CHANGE_REASONS[change.kind]})`);
  return `  ${paint(color, SIGN[op])} ${paint('bold', path)}  ${change.kind.replaceAll('_', ' ')}${values}${reason}`;
}

function renderChanges(changes: SchemaChange[], paint: Paint, lines: string[]): void {
  for (const change of changes.slice(0, MAX_CHANGES_SHOWN_PER_STAGE)) lines.push(renderChange(change, paint));
  if (changes.length > MAX_CHANGES_SHOWN_PER_STAGE) {
    lines.push(paint('dim', `  … ${changes.length - MAX_CHANGES_SHOWN_PER_STAGE} more (--json lists all)`));
  }
}

/** Renders an explanation: one section per stage, changes by JSON path, then the final schema. */
export function renderExplain(result: ExplainResult, paint: Paint): string {
  const { explanation } = result;
  const lines: string[] = [];
  const inputSize = result.inputBytes === undefined ? '?' : formatBytes(result.inputBytes);
  const outcome =
    explanation.finalBytes === undefined ? paint('red', 'rejected') : `final ${formatBytes(explanation.finalBytes)}`;
  lines.push(`${paint('bold', result.label)}: input ${inputSize} → ${outcome}`);

  const stages = [
    ['sanitize', 'sanitize (types, inference, const → enum, defaults)'],
    ['prune', 'prune (unreachable definitions)'],
  ] as const;
  for (const [stage, title] of stages) {
    const changes = explanation.changes.filter((change) => change.stage === stage);
    lines.push('', paint('cyan', title), ...(changes.length === 0 ? ['  no changes'] : []));
    renderChanges(changes, paint, lines);
  }

  const compaction = explanation.compaction;
  lines.push('');
  if (explanation.error !== undefined && compaction !== undefined && compaction.passes.length === 0) {
    lines.push(paint('cyan', 'compact'), '  not reached (the schema is rejected below)');
  } else if (compaction === undefined) {
    lines.push(
      paint('cyan', 'compact'),
      explanation.input === undefined ? '  not reached' : '  skipped (--no-compaction)',
    );
  } else {
    lines.push(paint('cyan', `compact (budget ${formatBytes(compaction.budgetBytes)})`));
    // Compaction measures what the model carries: keywords decode drops weigh nothing against the budget.
    const prunedBytes = explanation.pruned === undefined ? undefined : jsonByteLength(explanation.pruned);
    if (prunedBytes !== undefined && prunedBytes > compaction.initialBytes) {
      lines.push(
        `  measured as the model carries it: ${formatBytes(compaction.initialBytes)} (the ${formatBytes(prunedBytes - compaction.initialBytes)} of keywords it does not carry count for nothing; decode drops them)`,
      );
    }
    if (compaction.passes.length === 0) lines.push(`  fits: ${formatBytes(compaction.initialBytes)}, no pass ran`);
    for (const pass of compaction.passes) {
      lines.push(`  ${paint('bold', pass.name)}: ${formatBytes(pass.bytesBefore)} → ${formatBytes(pass.bytesAfter)}`);
      renderChanges(
        explanation.changes.filter((change) => change.pass === pass.name),
        paint,
        lines,
      );
    }
    if (!compaction.fits) lines.push(paint('yellow', `  still over budget after all passes (best effort)`));
  }

  const decodeChanges = explanation.changes.filter((change) => change.stage === 'decode');
  lines.push('', paint('cyan', 'decode (keywords the model does not carry)'));
  if (decodeChanges.length === 0 && explanation.ok) lines.push('  no changes');
  renderChanges(decodeChanges, paint, lines);

  if (explanation.warnings.length > 0) {
    lines.push('', paint('yellow', 'warnings (the final schema contradicts itself)'));
    for (const warning of explanation.warnings)
      lines.push(`  ${paint('yellow', '!')} ${paint('bold', warning.path)}  ${warning.message}`);
  }

  lines.push('');
  if (explanation.error !== undefined) {
    lines.push(paint('red', `error [${explanation.error.code}] ${explanation.error.message}`));
  } else {
    lines.push(paint('cyan', 'final schema'), JSON.stringify(explanation.final, null, 2));
  }
  return `${lines.join('\n')}\n`;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

function describeLost(lost: LostCounts): string {
  const parts: string[] = [];
  if (lost.descriptions > 0) parts.push(`${lost.descriptions} description${lost.descriptions === 1 ? '' : 's'}`);
  if (lost.keywords > 0) parts.push(`${lost.keywords} keyword${lost.keywords === 1 ? '' : 's'}`);
  if (lost.collapsed > 0) parts.push(`${lost.collapsed} collapsed`);
  if (lost.refs > 0) parts.push(`${lost.refs} ref${lost.refs === 1 ? '' : 's'} emptied`);
  if (lost.emptied > 0) parts.push(`${lost.emptied} emptied`);
  if (lost.definitions > 0) parts.push(`${lost.definitions} definition${lost.definitions === 1 ? '' : 's'}`);
  if (lost.warnings > 0) parts.push(`${lost.warnings} warning${lost.warnings === 1 ? '' : 's'} (--explain)`);
  return parts.length === 0 ? '-' : parts.join(', ');
}

const PASS_LABELS: Record<string, string> = {
  strip_descriptions: 'strip',
  drop_definitions: 'defs',
  collapse_deep_objects: 'collapse',
  prune_compositions: 'compositions',
};

/** Renders an MCP report: a header line, one row per tool, and failures with their reasons. */
export function renderMcpReport(report: McpReport, paint: Paint): string {
  const { summary } = report;
  const lines: string[] = [];
  const failed = summary.failed > 0 ? paint('red', `${summary.failed} failed`) : '0 failed';
  lines.push(
    `${paint('bold', `${report.server.name} ${report.server.version}`.trim())}: ${summary.total} tools — ${summary.converted} converted, ${failed}, ${summary.compacted} compacted; ${formatBytes(summary.bytesBefore)} → ${formatBytes(summary.bytesAfter)}`,
    '',
  );
  const nameWidth = Math.min(40, Math.max(4, ...report.rows.map((row) => row.name.length)));
  lines.push(paint('dim', `${pad('tool', nameWidth)}  ${pad('bytes in → out', 22)}  ${pad('passes', 22)}  lost`));
  for (const row of report.rows) {
    const name = pad(row.name.length > nameWidth ? `${row.name.slice(0, nameWidth - 1)}…` : row.name, nameWidth);
    if (!row.ok) {
      lines.push(`${paint('red', name)}  ${paint('red', `error: ${row.error ?? ''}`)}`);
      continue;
    }
    const bytes = `${row.inputBytes.toLocaleString('en-US')} → ${(row.outputBytes ?? 0).toLocaleString('en-US')}`;
    const passes = row.passes.length === 0 ? '-' : row.passes.map((pass) => PASS_LABELS[pass] ?? pass).join(', ');
    const colored = row.passes.length > 0 ? paint('yellow', pad(passes, 22)) : pad(passes, 22);
    lines.push(`${name}  ${pad(bytes, 22)}  ${colored}  ${describeLost(row.lost)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** One line for a decode without a value: the kind and its details. */
export function renderDecodeFailure(failure: StructuredFailure): string {
  switch (failure.kind) {
    case 'not_json':
      return `not_json: ${failure.message}`;
    case 'schema_violation':
      return `schema_violation: ${failure.issues.map((issue) => `${issue.path === '' ? '(root)' : issue.path} ${issue.message}`).join('; ')}`;
    case 'refusal':
      return `refusal: ${failure.refusal}`;
    case 'incomplete':
      return `incomplete: ${failure.reason}`;
    case 'empty':
      return 'empty: the message has no text';
    case 'capability_missing':
      return `capability_missing: ${failure.message}`;
    default:
      return failure satisfies never;
  }
}

/** Ranked search hits, one per line with the score and the start of the description. */
export function renderSearchHits(query: string, hits: SearchRow[], paint: Paint): string {
  if (hits.length === 0) return `no tool matches ${JSON.stringify(query)}\n`;
  const width = Math.min(
    40,
    hits.reduce((widest, hit) => Math.max(widest, hit.name.length), 0),
  );
  const lines = hits.map((hit, index) => {
    const description = hit.description.replace(/\s+/g, ' ').trim();
    const short = description.length > 70 ? `${description.slice(0, 69)}…` : description;
    return `${String(index + 1).padStart(2)}. ${paint('bold', pad(hit.name, width))}  ${paint('cyan', hit.score.toFixed(1).padStart(6))}  ${paint('dim', short)}`;
  });
  return `${lines.join('\n')}\n`;
}
