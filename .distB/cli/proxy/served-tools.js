// What the proxy lists: the upstream's tools, filtered, converted for the target, named for the host, with a report.
import { convertMcpTools } from '../../providers/convert-tools.js';
import { anyTargetDefinition } from '../../providers/targets/registry.js';
import { isJsonObject } from '../../schema/json.js';
import { globPattern } from '../../tools/glob.js';
import { toDialect2020 } from './dialect.js';
function readName(tool) {
    return isJsonObject(tool) && typeof tool.name === 'string'
        ? tool.name
        : undefined;
}
/** Whether an upstream name is served: it matches an `--include` (if any) and no `--exclude`. */
function selected(name, include, exclude) {
    if (name === undefined)
        return true;
    if (include.length > 0 && !include.some((pattern) => pattern.test(name)))
        return false;
    return !exclude.some((pattern) => pattern.test(name));
}
/**
 * Converts an upstream listing for the host.
 * - Filters by `--include`/`--exclude` on the upstream's names, then converts every tool for the
 *   target (server bugs repaired, names within `maxNameLength`, budgets with the chosen policy).
 * - A tool that cannot be converted is left out alone, with its reason and path; the rest are
 *   always listed.
 * - `outputSchema` is served in the 2020-12 dialect (`definitions` → `$defs`, no other
 *   `$schema`), which 2020-12-only clients accept; `title`, `annotations` and `_meta` pass through.
 */
export function serveTools(upstream, options, countTokens) {
    const include = options.include.map(globPattern);
    const exclude = options.exclude.map(globPattern);
    const chosen = upstream.filter((tool) => selected(readName(tool), include, exclude));
    const conversion = convertMcpTools(chosen, {
        target: options.target,
        strict: options.strict,
        maxNameLength: options.maxNameLength,
        compactionPolicy: options.compactionPolicy,
        ...(options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes }),
        ...(options.budgetTokens === undefined ? {} : { budgetTokens: options.budgetTokens, countTokens }),
    });
    const tools = [];
    const leftOut = [];
    const report = [];
    let repaired = 0;
    let tokensBefore = 0;
    let tokensAfter = 0;
    for (const result of conversion.results) {
        const source = chosen[result.index];
        if (!result.ok) {
            const name = result.name ?? `#${result.index}`;
            leftOut.push({ name, reason: result.error.message });
            report.push(`left out ${name}: ${result.error.message}`);
            continue;
        }
        // The target's own view of its wire tool: where it keeps the description and the schema.
        const view = anyTargetDefinition(options.target).view(result.tool);
        const inputSchema = view.schema ?? { type: 'object', properties: {} };
        const served = {
            name: result.providerName,
            description: typeof view.description === 'string' ? view.description : '',
            inputSchema,
        };
        if (typeof source.title === 'string')
            served.title = source.title;
        if (isJsonObject(source.outputSchema))
            served.outputSchema = toDialect2020(source.outputSchema);
        if (isJsonObject(source.annotations))
            served.annotations = source.annotations;
        if (isJsonObject(source._meta))
            served._meta = source._meta;
        tools.push(served);
        const before = countTokens(JSON.stringify({ name: result.name, description: source.description, inputSchema: source.inputSchema }) ?? '');
        const after = countTokens(JSON.stringify({ name: served.name, description: served.description, inputSchema }));
        tokensBefore += before;
        tokensAfter += after;
        const repairs = result.changes.filter((change) => change.kind === 'schema_repaired').length;
        if (repairs > 0)
            repaired++;
        if (result.changes.length > 0) {
            const kinds = [...new Set(result.changes.map((change) => change.kind))];
            const renamed = served.name === result.name ? '' : ` as ${served.name}`;
            report.push(`${result.name}${renamed}: ${result.changes.length} change${result.changes.length === 1 ? '' : 's'} (${kinds.join(', ')}); ${before} → ${after} tokens`);
        }
    }
    return {
        tools,
        conversion,
        leftOut,
        filtered: upstream.length - chosen.length,
        upstreamTotal: upstream.length,
        repaired,
        report,
        tokensBefore,
        tokensAfter,
    };
}
/** The summary line of a listing, for stderr. */
export function summaryLine(listing, target) {
    const parts = [
        `serving ${listing.tools.length} of ${listing.upstreamTotal} tools for ${target}`,
        `${listing.repaired} repaired`,
        `${listing.leftOut.length} left out`,
    ];
    if (listing.filtered > 0)
        parts.push(`${listing.filtered} filtered`);
    return `${parts.join(', ')}; ${listing.tokensBefore.toLocaleString('en-US')} → ${listing.tokensAfter.toLocaleString('en-US')} tokens`;
}
//# sourceMappingURL=served-tools.js.map