// Terminal rendering of command results: data in, text out.
import type { SchemaChange } from '../schema/explain.js';
import type { ExplainResult } from './commands/explain.js';
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
  return `  ${paint(color, SIGN[op])} ${paint('bold', path)}  ${change.kind.replaceAll('_', ' ')}${values}`;
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
  if (compaction === undefined) {
    lines.push(
      paint('cyan', 'compact'),
      explanation.input === undefined ? '  not reached' : '  skipped (--no-compaction)',
    );
  } else {
    lines.push(paint('cyan', `compact (budget ${formatBytes(compaction.budgetBytes)})`));
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

  lines.push('');
  if (explanation.error !== undefined) {
    lines.push(paint('red', `error [${explanation.error.code}] ${explanation.error.message}`));
  } else {
    lines.push(paint('cyan', 'final schema'), JSON.stringify(explanation.final, null, 2));
  }
  return `${lines.join('\n')}\n`;
}
