// toolschema mcp: what the model will see of a real MCP server's tools, and what it loses.
import { convertMcpTools } from '../../providers/convert-tools.js';
import { preflightTools } from '../../providers/preflight.js';
import { isJsonObject } from '../../schema/json.js';
import { jsonByteLength } from '../../schema/size.js';
import { commandOutput, styledOutput } from '../command.js';
import { EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, ExitError } from '../exit-error.js';
import { terminalWidth } from '../fit.js';
import { printableData } from '../printable.js';
import { renderMcpReport, renderTargetChanges } from '../render.js';
import { paintFor } from '../style.js';
import { loadTokenCounter } from '../tokens.js';
import { listServerTools, readTools } from '../tool-source.js';
import { explainOutput } from './explain.js';
const NOTHING_LOST = {
    descriptions: 0,
    keywords: 0,
    collapsed: 0,
    refs: 0,
    emptied: 0,
    definitions: 0,
    warnings: 0,
};
/** Counts the losses of one explanation; a dropped definition table counts each of its entries. */
export function lostCounts(explanation) {
    const count = (...kinds) => kinds.reduce((total, kind) => total + (explanation.counts[kind] ?? 0), 0);
    let droppedEntries = 0;
    for (const change of explanation.changes) {
        if (change.kind === 'definitions_dropped')
            droppedEntries += isJsonObject(change.before) ? Object.keys(change.before).length : 1;
    }
    return {
        descriptions: count('description_stripped'),
        keywords: count('keyword_dropped'),
        collapsed: count('subtree_collapsed', 'composition_pruned'),
        refs: count('ref_dropped'),
        emptied: count('schema_emptied'),
        definitions: count('definition_pruned') + droppedEntries,
        warnings: explanation.warnings.length,
    };
}
/** Lists a server's tools, converts and explains each in one run, and reports per tool. */
export async function mcp(options, io) {
    let listing;
    if (options.target === undefined) {
        // A saved tools/list: the same report, offline (`--tools FILE`).
        const source = await readTools({ ...options, target: undefined, toolsFile: options.toolsFile }, io, 'read');
        listing = { server: { name: source.label, version: '' }, tools: source.tools };
    }
    else
        listing = await listServerTools(options.target, options, io);
    const countTokens = await loadTokenCounter();
    const conversion = convertMcpTools(listing.tools, {
        compactionPolicy: options.compactionPolicy,
        ...(options.budgetTokens === undefined ? {} : { budgetTokens: options.budgetTokens, countTokens }),
        target: options.providerTarget,
        strict: options.strict,
        ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
        deferLoading: options.deferred,
        explain: true,
        ...(options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes }),
        ...(options.descriptionLimit === undefined ? {} : { descriptionLimit: options.descriptionLimit }),
    });
    if (options.explainTool !== undefined) {
        const result = conversion.results.find((entry) => entry.name === options.explainTool);
        if (result === undefined) {
            const names = conversion.results
                .map((entry, index) => entry.name ?? `#${index}`)
                .slice(0, 20)
                .join(', ');
            throw new ExitError(`no tool named ${JSON.stringify(options.explainTool)}; the server lists: ${names}`, EXIT_USAGE);
        }
        if (!result.ok)
            return commandOutput([], [`toolschema: ${result.name}: ${result.error.message}`], EXIT_SOME_FAILED);
        const explanation = result.explanation;
        const inputBytes = explanation.input === undefined ? undefined : jsonByteLength(explanation.input);
        const tokenCounts = {
            input: explanation.input === undefined ? undefined : countTokens(JSON.stringify(explanation.input)),
            final: explanation.final === undefined ? undefined : countTokens(JSON.stringify(explanation.final)),
        };
        const output = explainOutput({ label: options.explainTool, inputBytes, explanation, tokens: tokenCounts }, options.json, io);
        if (options.providerTarget === 'codex')
            return output;
        const sent = {
            target: options.providerTarget,
            strict: result.strict,
            providerName: result.providerName,
            tool: result.tool,
            changes: result.changes,
            warnings: result.warnings,
        };
        if (options.json) {
            const explained = JSON.parse(output.stdout.join(''));
            return { ...output, stdout: [JSON.stringify({ ...explained, conversion: sent }, null, 2)] };
        }
        return {
            ...output,
            stdout: [...output.stdout, renderTargetChanges(printableData(sent), paintFor(io.stdout, io.env))],
            styled: true,
        };
    }
    const tokensOf = (value) => {
        try {
            return countTokens(JSON.stringify(value) ?? '');
        }
        catch {
            return 0;
        }
    };
    const tokens = { before: 0, after: 0 };
    const rows = conversion.results.map((result, index) => {
        const listed = listing.tools[result.index];
        const tokensBefore = result.ok
            ? tokensOf({ name: listed.name, description: listed.description, inputSchema: listed.inputSchema })
            : 0;
        if (!result.ok) {
            return {
                name: result.name ?? `#${index}`,
                ok: false,
                inputBytes: 0,
                outputBytes: undefined,
                passes: [],
                lost: NOTHING_LOST,
                error: result.error.message,
                tokensBefore,
                tokensAfter: undefined,
                providerName: undefined,
                strict: false,
                changes: {},
                warnings: [],
            };
        }
        const tokensAfter = tokensOf(result.tool);
        tokens.before += tokensBefore;
        tokens.after += tokensAfter;
        const changes = {};
        for (const change of result.changes)
            changes[change.kind] = (changes[change.kind] ?? 0) + 1;
        return {
            name: result.name,
            ok: true,
            inputBytes: result.inputBytes,
            outputBytes: result.outputBytes,
            passes: result.compactionPasses,
            lost: lostCounts(result.explanation),
            error: undefined,
            tokensBefore,
            tokensAfter,
            providerName: result.providerName,
            strict: result.strict,
            changes,
            warnings: result.warnings,
        };
    });
    const report = {
        server: listing.server,
        target: options.providerTarget,
        strict: options.strict,
        rows,
        summary: conversion.summary,
        tools: conversion.tools,
        tokens,
    };
    const exitCode = report.summary.failed > 0 ? EXIT_SOME_FAILED : EXIT_OK;
    // The request-wide limits of the target printed (tool count, names, strict budgets): what
    // preflightTools would say before the request is sent.
    const preflight = preflightTools(conversion.tools, options.providerTarget).map((finding) => `toolschema: request: ${finding.tool === '*' ? '' : `${finding.tool}: `}${finding.message} (${finding.limit})`);
    if (!options.json)
        return styledOutput([renderMcpReport(printableData(report), paintFor(io.stdout, io.env), terminalWidth(io.stdout, io.env))], preflight, exitCode);
    const failures = rows.filter((row) => !row.ok).map((row) => `toolschema: ${row.name}: ${row.error ?? ''}`);
    // --json keeps the warnings (strict fallbacks, refs sent as JSON text) on stderr, by tool.
    const warnings = rows.flatMap((row) => row.warnings.map((warning) => `toolschema: ${row.name}: ${warning.path} ${warning.message}`));
    return commandOutput([JSON.stringify(report.tools, null, 2)], [...failures, ...warnings, ...preflight], exitCode);
}
//# sourceMappingURL=mcp.js.map