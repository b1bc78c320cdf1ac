import { jsonByteLength } from '../schema/size.js';
import { fitText, formatTable } from './fit.js';
/** How many changes a stage lists before summarizing the rest. */
export const MAX_CHANGES_SHOWN_PER_STAGE = 25;
const SIGN = { added: '+', removed: '-', changed: '~' };
function changeOp(change) {
    if (change.before === undefined)
        return 'added';
    if (change.after === undefined)
        return 'removed';
    return 'changed';
}
function clip(value, width = 60) {
    const text = JSON.stringify(value) ?? '';
    return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}
/** Formats a token count: `1,234 tokens`. */
export function formatTokens(count) {
    return `${count.toLocaleString('en-US')} token${count === 1 ? '' : 's'}`;
}
/** Formats a byte count with thousands separators. */
export function formatBytes(bytes) {
    return `${bytes.toLocaleString('en-US')} B`;
}
/** Why each kind of change happens, in a few words (the full sentence is in `--json`). */
const CHANGE_REASONS = {
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
    definition_inlined: 'used once',
    enum_shared: 'repeated elsewhere, written once',
    subtree_shared: 'repeated elsewhere, written once',
    description_shortened: 'over budget',
    enum_dropped: 'over budget',
    property_dropped: 'over budget',
};
function renderChange(change, paint) {
    const op = changeOp(change);
    const color = op === 'added' ? 'green' : op === 'removed' ? 'red' : 'yellow';
    const values = op === 'added'
        ? ` ${paint('green', clip(change.after))}`
        : op === 'removed'
            ? ` ${paint('dim', clip(change.before))}`
            : ` ${paint('dim', clip(change.before, 30))} → ${clip(change.after, 30)}`;
    const path = change.path === '' ? '(root)' : change.path;
    const reason = paint('dim', ` (${CHANGE_REASONS[change.kind]})`);
    return `  ${paint(color, SIGN[op])} ${paint('bold', path)}  ${change.kind.replaceAll('_', ' ')}${values}${reason}`;
}
function renderChanges(changes, paint, lines) {
    for (const change of changes.slice(0, MAX_CHANGES_SHOWN_PER_STAGE))
        lines.push(renderChange(change, paint));
    if (changes.length > MAX_CHANGES_SHOWN_PER_STAGE) {
        lines.push(paint('dim', `  … ${changes.length - MAX_CHANGES_SHOWN_PER_STAGE} more (--json lists all)`));
    }
}
/** Renders an explanation: one section per stage, changes by JSON path, then the final schema. */
export function renderExplain(result, paint) {
    const { explanation } = result;
    const lines = [];
    // The schema's own tokens (the mcp table's "tool tokens" count the whole tool).
    const tokens = (count) => count === undefined ? '' : ` (${formatTokens(count).replace(/ tokens$/, ' schema tokens')})`;
    const inputSize = result.inputBytes === undefined ? '?' : `${formatBytes(result.inputBytes)}${tokens(result.tokens?.input)}`;
    const outcome = explanation.finalBytes === undefined
        ? paint('red', 'rejected')
        : `final ${formatBytes(explanation.finalBytes)}${tokens(result.tokens?.final)}`;
    lines.push(`${paint('bold', result.label)}: input ${inputSize} → ${outcome}`);
    const stages = [
        ['sanitize', 'sanitize (types, inference, const → enum, defaults)'],
        ['prune', 'prune (unreachable definitions)'],
    ];
    for (const [stage, title] of stages) {
        const changes = explanation.changes.filter((change) => change.stage === stage);
        lines.push('', paint('cyan', title), ...(changes.length === 0 ? ['  no changes'] : []));
        renderChanges(changes, paint, lines);
    }
    const compaction = explanation.compaction;
    lines.push('');
    if (explanation.error !== undefined && compaction !== undefined && compaction.passes.length === 0) {
        lines.push(paint('cyan', 'compact'), '  not reached (the schema is rejected below)');
    }
    else if (compaction === undefined) {
        lines.push(paint('cyan', 'compact'), explanation.input === undefined ? '  not reached' : '  skipped (--no-compaction)');
    }
    else {
        lines.push(paint('cyan', `compact (budget ${formatBytes(compaction.budgetBytes)})`));
        // Compaction measures what the model carries: keywords decode drops weigh nothing against the budget.
        const prunedBytes = explanation.pruned === undefined ? undefined : jsonByteLength(explanation.pruned);
        if (prunedBytes !== undefined && prunedBytes > compaction.initialBytes && compaction.passes.length > 0) {
            lines.push(`  measured as the model carries it: ${formatBytes(compaction.initialBytes)} (the ${formatBytes(prunedBytes - compaction.initialBytes)} of keywords it does not carry count for nothing; decode drops them)`);
        }
        if (compaction.passes.length === 0)
            lines.push(`  fits: ${formatBytes(compaction.initialBytes)}, no pass ran`);
        for (const pass of compaction.passes) {
            lines.push(`  ${paint('bold', pass.name)}: ${formatBytes(pass.bytesBefore)} → ${formatBytes(pass.bytesAfter)}`);
            renderChanges(explanation.changes.filter((change) => change.pass === pass.name), paint, lines);
        }
        if (!compaction.fits)
            lines.push(paint('yellow', `  still over budget after all passes (best effort)`));
    }
    const decodeChanges = explanation.changes.filter((change) => change.stage === 'decode');
    lines.push('', paint('cyan', 'decode (keywords the model does not carry)'));
    if (decodeChanges.length === 0 && explanation.ok)
        lines.push('  no changes');
    renderChanges(decodeChanges, paint, lines);
    if (explanation.warnings.length > 0) {
        lines.push('', paint('yellow', 'warnings (the final schema contradicts itself)'));
        for (const warning of explanation.warnings)
            lines.push(`  ${paint('yellow', '!')} ${paint('bold', warning.path)}  ${warning.message}`);
    }
    lines.push('');
    if (explanation.error !== undefined) {
        lines.push(paint('red', `error [${explanation.error.code}] ${explanation.error.message}`));
    }
    else {
        lines.push(paint('cyan', 'final schema'), JSON.stringify(explanation.final, null, 2));
    }
    return `${lines.join('\n')}\n`;
}
function pad(text, width) {
    return text.length >= width ? text : text + ' '.repeat(width - text.length);
}
function describeLost(lost) {
    const parts = [];
    if (lost.descriptions > 0)
        parts.push(`${lost.descriptions} description${lost.descriptions === 1 ? '' : 's'}`);
    if (lost.keywords > 0)
        parts.push(`${lost.keywords} keyword${lost.keywords === 1 ? '' : 's'}`);
    if (lost.collapsed > 0)
        parts.push(`${lost.collapsed} collapsed`);
    if (lost.refs > 0)
        parts.push(`${lost.refs} ref${lost.refs === 1 ? '' : 's'} emptied`);
    if (lost.emptied > 0)
        parts.push(`${lost.emptied} emptied`);
    if (lost.definitions > 0)
        parts.push(`${lost.definitions} definition${lost.definitions === 1 ? '' : 's'}`);
    if (lost.warnings > 0)
        parts.push(`${lost.warnings} warning${lost.warnings === 1 ? '' : 's'} (--explain)`);
    return parts.length === 0 ? '-' : parts.join(', ');
}
const PASS_LABELS = {
    strip_descriptions: 'strip',
    drop_definitions: 'defs',
    collapse_deep_objects: 'collapse',
    prune_compositions: 'compositions',
    inline_definitions: 'inline',
    share_subtrees: 'share subtrees',
    share_enums: 'share enums',
    shorten_descriptions: 'shorten',
    drop_least_valuable: 'drop least valuable',
    trim_root: 'trim root',
};
/** Short words for the target changes a row counts. */
const CHANGE_WORDS = {
    keyword_moved: 'moved to description',
    keyword_dropped: 'dropped',
    property_renamed: 'renamed',
    made_nullable: 'nullable',
    object_closed: 'closed',
    encoded_json_text: 'as JSON text',
    encoded_entries: 'as entries',
    enum_stringified: 'enum as text',
    ref_inlined: 'refs inlined',
    composition_merged: 'merged',
    one_of_to_any_of: 'oneOf→anyOf',
    root_composition_merged: 'root merged',
    name_changed: 'name',
    description_cut: 'description cut',
    null_dropped: 'null dropped',
    schema_repaired: 'repaired',
};
function describeTargetChanges(row) {
    const parts = [];
    for (const [kind, count] of Object.entries(row.changes)) {
        const word = CHANGE_WORDS[kind];
        if (word !== undefined)
            parts.push(`${count} ${word}`);
    }
    return parts.length === 0 ? '-' : parts.join(', ');
}
/** Renders an MCP report: a header line, one row per tool, and failures with their reasons. */
export function renderMcpReport(report, paint, width = 80) {
    const { summary } = report;
    const lines = [];
    const failed = summary.failed > 0 ? paint('red', `${summary.failed} failed`) : '0 failed';
    const strict = report.strict && report.target !== 'codex'
        ? `; ${summary.strict} strict${summary.strictFallbacks > 0 ? paint('yellow', `, ${summary.strictFallbacks} fell back`) : ''}`
        : '';
    const target = report.target === 'codex' ? '' : ` for ${report.target}${report.strict ? ' (strict)' : ''}`;
    lines.push(`${paint('bold', `${report.server.name} ${report.server.version}`.trim())}${target}: ${summary.total} tools — ${summary.converted} converted, ${failed}, ${summary.compacted} compacted${strict}; ${formatBytes(summary.bytesBefore)} → ${formatBytes(summary.bytesAfter)}; ${report.tokens.before.toLocaleString('en-US')} → ${formatTokens(report.tokens.after)}`, '');
    if (report.target !== 'codex')
        return renderTargetRows(report, paint, lines, width);
    const columns = [
        { header: 'tool', shrinkable: true },
        // Sizes are in the summary line and --json: the first column to go on a narrow terminal.
        { header: 'bytes in → out', optional: true },
        { header: 'tool tokens' },
        { header: 'passes' },
        { header: 'lost', flexible: true },
    ];
    const rows = report.rows.map((row) => {
        if (!row.ok)
            return [
                { text: row.name, paint: (text) => paint('red', text) },
                { text: `error: ${row.error ?? ''}`, paint: (text) => paint('red', text), span: true },
            ];
        const bytes = `${row.inputBytes.toLocaleString('en-US')} → ${(row.outputBytes ?? 0).toLocaleString('en-US')}`;
        const passes = row.passes.length === 0 ? '-' : row.passes.map((pass) => PASS_LABELS[pass] ?? pass).join(', ');
        return [
            { text: row.name },
            { text: bytes },
            { text: tokenColumn(row) },
            { text: passes, ...(row.passes.length > 0 ? { paint: (text) => paint('yellow', text) } : {}) },
            { text: describeLost(row.lost) },
        ];
    });
    lines.push(...formatTable(columns, rows, width, (text) => paint('dim', text)));
    return `${fitText(lines.join('\n'), width)}\n`;
}
function tokenColumn(row) {
    return `${row.tokensBefore.toLocaleString('en-US')} → ${(row.tokensAfter ?? 0).toLocaleString('en-US')}`;
}
function renderTargetRows(report, paint, lines, width) {
    const columns = [
        { header: 'tool', shrinkable: true },
        { header: 'bytes in → out', optional: true },
        { header: 'tool tokens' },
        { header: 'strict' },
        { header: 'changes', flexible: true },
    ];
    const rows = report.rows.map((row) => {
        const label = row.providerName !== undefined && row.providerName !== row.name ? `${row.name} → ${row.providerName}` : row.name;
        if (!row.ok)
            return [
                { text: label, paint: (text) => paint('red', text) },
                { text: `error: ${row.error ?? ''}`, paint: (text) => paint('red', text), span: true },
            ];
        const bytes = `${row.inputBytes.toLocaleString('en-US')} → ${(row.outputBytes ?? 0).toLocaleString('en-US')}`;
        const fellBack = !row.strict && report.strict && row.warnings.length > 0;
        return [
            { text: label },
            { text: bytes },
            { text: tokenColumn(row) },
            {
                text: row.strict ? 'yes' : fellBack ? 'no (!)' : 'no',
                ...(fellBack ? { paint: (text) => paint('yellow', text) } : {}),
            },
            { text: describeTargetChanges(row) },
        ];
    });
    lines.push(...formatTable(columns, rows, width, (text) => paint('dim', text)));
    const warned = report.rows.filter((row) => row.warnings.length > 0);
    if (warned.length > 0) {
        lines.push('', paint('yellow', 'warnings'));
        for (const row of warned)
            for (const warning of row.warnings)
                lines.push(`  ${paint('yellow', '!')} ${row.name}: ${warning.message}`);
    }
    return `${fitText(lines.join('\n'), width)}\n`;
}
/** One tool's target conversion: where it goes, what changed by path, and the tool the provider gets. */
export function renderTargetChanges(conversion, paint) {
    const lines = [
        '',
        paint('cyan', `${conversion.target}${conversion.strict ? ' (strict)' : ''}: sent as ${conversion.providerName}`),
    ];
    if (conversion.changes.length === 0)
        lines.push('  no changes');
    for (const change of conversion.changes.slice(0, MAX_CHANGES_SHOWN_PER_STAGE * 2))
        lines.push(`  ${paint('bold', change.path)}  ${change.kind.replaceAll('_', ' ')} ${paint('dim', `(${change.message})`)}`);
    if (conversion.changes.length > MAX_CHANGES_SHOWN_PER_STAGE * 2)
        lines.push(paint('dim', `  … ${conversion.changes.length - MAX_CHANGES_SHOWN_PER_STAGE * 2} more (--json lists all)`));
    for (const warning of conversion.warnings)
        lines.push(`  ${paint('yellow', '!')} ${warning.message}`);
    lines.push('', paint('cyan', 'the tool the provider gets'), JSON.stringify(conversion.tool, null, 2));
    return `${lines.join('\n')}\n`;
}
/** Most violations listed per target before summarizing. */
const MAX_VIOLATIONS_SHOWN = 10;
/** The lint report: per target how many tools it rejects, then the violations. */
export function renderLintReport(report, paint) {
    const lines = [
        `${paint('bold', report.label)}: ${report.total} tools, as they are, against ${report.targets.length} provider target${report.targets.length === 1 ? '' : 's'}`,
        '',
    ];
    const label = (entry) => `${entry.target}${entry.strict ? ' (strict)' : ''}`;
    for (const entry of report.targets) {
        const verdict = entry.violations.length === 0
            ? paint('green', 'accepted')
            : paint('red', `${entry.rejected} of ${report.total} tools rejected${entry.violations.some((v) => v.tool === '*') ? ', and the request' : ''}`);
        lines.push(`  ${pad(label(entry), 28)}  ${verdict}`);
    }
    for (const entry of report.targets) {
        if (entry.violations.length === 0)
            continue;
        lines.push('', paint('cyan', label(entry)));
        // Each finding: the tool and where, what the provider would answer, and the fix.
        for (const violation of entry.violations.slice(0, MAX_VIOLATIONS_SHOWN))
            lines.push(`  ${paint('bold', violation.tool === '*' ? '(request)' : violation.tool)} ${violation.path || ''}`.trimEnd(), `    ${paint('dim', `${violation.provider} answers:`)} ${violation.answer}`, `    ${paint('dim', 'fix:')} ${violation.fix}`);
        if (entry.violations.length > MAX_VIOLATIONS_SHOWN)
            lines.push(paint('dim', `  … ${entry.violations.length - MAX_VIOLATIONS_SHOWN} more (--json lists all)`));
    }
    if (report.targets.some((entry) => entry.violations.length > 0))
        lines.push('', paint('dim', 'toolschema mcp --target T [--strict] shows how toolschema converts these tools so that each provider accepts them.'));
    return `${lines.join('\n')}\n`;
}
/** One line for a decode without a value: the kind and its details. */
export function renderDecodeFailure(failure) {
    switch (failure.kind) {
        case 'not_json':
            return `not_json: ${failure.message}`;
        case 'schema_violation': {
            const where = failure.source === 'message' ? '' : ` (in the ${failure.source.replace('_', ' ')} found in the text)`;
            return `schema_violation${where}: ${failure.issues.map((issue) => `${issue.path === '' ? '(root)' : issue.path} ${issue.message}`).join('; ')}`;
        }
        case 'refusal':
            return `refusal: ${failure.refusal}`;
        case 'incomplete':
            return `incomplete: ${failure.reason}`;
        case 'empty':
            return 'empty: the message has no text';
        case 'capability_missing':
            return `capability_missing: ${failure.message}`;
        case 'validator_error':
            return `validator_error: ${failure.message}`;
        default:
            return failure;
    }
}
/** Ranked search hits, one per line with the score and the start of the description. */
export function renderSearchHits(query, hits, paint) {
    if (hits.length === 0)
        return `no tool matches ${JSON.stringify(query)}\n`;
    const width = Math.min(40, hits.reduce((widest, hit) => Math.max(widest, hit.name.length), 0));
    const lines = hits.map((hit, index) => {
        const description = hit.description.replace(/\s+/g, ' ').trim();
        const short = description.length > 70 ? `${description.slice(0, 69)}…` : description;
        return `${String(index + 1).padStart(2)}. ${paint('bold', pad(hit.name, width))}  ${paint('cyan', hit.score.toFixed(1).padStart(6))}  ${paint('dim', short)}`;
    });
    return `${lines.join('\n')}\n`;
}
//# sourceMappingURL=render.js.map