// toolschema mcp: what the model will see of a real MCP server's tools, and what it loses.

import type { TargetChange } from '../../providers/changes.js';
import type { ProviderConversionSummary, ToolWarning } from '../../providers/convert-tools.js';
import { convertMcpTools } from '../../providers/convert-tools.js';
import { preflightTools } from '../../providers/preflight.js';
import type { ProviderTarget } from '../../providers/targets/registry.js';
import type { CompactionPolicy } from '../../schema/compaction/driver.js';
import type { ToolSchemaExplanation } from '../../schema/explain.js';
import { isJsonObject } from '../../schema/json.js';
import { jsonByteLength } from '../../schema/size.js';
import type { McpToolLike } from '../../tools/mcp.js';
import { type CommandOutput, commandOutput, styledOutput } from '../command.js';
import { EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, ExitError } from '../exit-error.js';
import { terminalWidth } from '../fit.js';
import type { CommandIO } from '../io.js';
import type { McpClientLimits, McpServerTarget } from '../mcp-client.js';
import { printableData } from '../printable.js';
import { renderMcpReport, renderTargetChanges } from '../render.js';
import { paintFor } from '../style.js';
import { loadTokenCounter } from '../tokens.js';
import { listServerTools, readTools } from '../tool-source.js';
import { explainOutput } from './explain.js';

/** Options of {@link mcp}. */
export interface McpCommandOptions {
  /** The server; undefined with `toolsFile`. */
  target: McpServerTarget | undefined;
  /** A saved `tools/list` result (or an array of tools) instead of a live server. */
  toolsFile?: string | undefined;
  deferred: boolean;
  budgetBytes: number | undefined;
  descriptionLimit: number | undefined;
  connectTimeoutMs: number;
  listTimeoutMs: number;
  /** Bounds on the listing (deadline, tools, bytes); defaults when absent. */
  mcpLimits?: Partial<McpClientLimits>;
  /** Explain this tool in full instead of summarizing all of them. */
  explainTool: string | undefined;
  /** Print JSON: the tools array, or with `explainTool` that tool's explanation. */
  json: boolean;
  /** The provider wire shape (`--target`; default `codex`). */
  providerTarget: ProviderTarget;
  strict: boolean;
  /** Prefix provider-side names: `namespace__tool`. */
  namespace: string | undefined;
  compactionPolicy: CompactionPolicy;
  /** A budget in o200k tokens instead of bytes (for the tool's final input schema). */
  budgetTokens: number | undefined;
}

/** What the model loses of one tool. */
export interface LostCounts {
  /** Descriptions stripped by compaction. */
  descriptions: number;
  /** Keywords the model does not carry (title, default, format, minimum, …). */
  keywords: number;
  /** Subtrees compaction replaced by `{}` (deep objects and compositions). */
  collapsed: number;
  /** Local definition refs compaction replaced by `{}`. */
  refs: number;
  /** Schemas sanitize emptied to `{}` (no type could be inferred). */
  emptied: number;
  /** Definitions pruned as unreachable, or dropped by compaction (every entry of a dropped table). */
  definitions: number;
  /** Contradictions left in the final schema (see `findSchemaWarnings`). */
  warnings: number;
}

/** One row of the report. */
export interface McpToolRow {
  name: string;
  ok: boolean;
  inputBytes: number;
  outputBytes: number | undefined;
  passes: string[];
  lost: LostCounts;
  error: string | undefined;
  /** o200k tokens of the tool as the server lists it (name, description, inputSchema). */
  tokensBefore: number;
  /** o200k tokens of the tool's whole wire JSON, as the provider gets it. */
  tokensAfter: number | undefined;
  /** The name the provider sees. */
  providerName: string | undefined;
  strict: boolean;
  /** What the target conversion changed, counted by kind. */
  changes: Partial<Record<TargetChange['kind'], number>>;
  warnings: ToolWarning[];
}

/** The command's result, rendered as a table or printed as JSON. */
export interface McpReport {
  server: { name: string; version: string };
  target: ProviderTarget;
  /** Strict was asked for. */
  strict: boolean;
  rows: McpToolRow[];
  summary: ProviderConversionSummary;
  tools: unknown[];
  /** o200k tokens over the server's converted tools, before and after. */
  tokens: { before: number; after: number };
}

const NOTHING_LOST: LostCounts = {
  descriptions: 0,
  keywords: 0,
  collapsed: 0,
  refs: 0,
  emptied: 0,
  definitions: 0,
  warnings: 0,
};

/** Counts the losses of one explanation; a dropped definition table counts each of its entries. */
export function lostCounts(explanation: ToolSchemaExplanation): LostCounts {
  const count = (...kinds: (keyof ToolSchemaExplanation['counts'])[]) =>
    kinds.reduce((total, kind) => total + (explanation.counts[kind] ?? 0), 0);
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
export async function mcp(options: McpCommandOptions, io: CommandIO): Promise<CommandOutput> {
  let listing: { server: { name: string; version: string }; tools: unknown[] };
  if (options.target === undefined) {
    // A saved tools/list: the same report, offline (`--tools FILE`).
    const source = await readTools({ ...options, target: undefined, toolsFile: options.toolsFile }, io, 'read');
    listing = { server: { name: source.label, version: '' }, tools: source.tools };
  } else listing = await listServerTools(options.target, options, io);

  const countTokens = await loadTokenCounter();
  const conversion = convertMcpTools(listing.tools as McpToolLike[], {
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
      throw new ExitError(
        `no tool named ${JSON.stringify(options.explainTool)}; the server lists: ${names}`,
        EXIT_USAGE,
      );
    }
    if (!result.ok) return commandOutput([], [`toolschema: ${result.name}: ${result.error.message}`], EXIT_SOME_FAILED);
    const explanation = result.explanation as ToolSchemaExplanation;
    const inputBytes = explanation.input === undefined ? undefined : jsonByteLength(explanation.input);
    const tokenCounts = {
      input: explanation.input === undefined ? undefined : countTokens(JSON.stringify(explanation.input)),
      final: explanation.final === undefined ? undefined : countTokens(JSON.stringify(explanation.final)),
    };
    const output = explainOutput(
      { label: options.explainTool, inputBytes, explanation, tokens: tokenCounts },
      options.json,
      io,
    );
    if (options.providerTarget === 'codex') return output;
    const sent = {
      target: options.providerTarget,
      strict: result.strict,
      providerName: result.providerName,
      tool: result.tool,
      changes: result.changes,
      warnings: result.warnings,
    };
    if (options.json) {
      const explained = JSON.parse(output.stdout.join('')) as Record<string, unknown>;
      return { ...output, stdout: [JSON.stringify({ ...explained, conversion: sent }, null, 2)] };
    }
    return {
      ...output,
      stdout: [...output.stdout, renderTargetChanges(printableData(sent), paintFor(io.stdout, io.env))],
      styled: true,
    };
  }

  const tokensOf = (value: unknown) => {
    try {
      return countTokens(JSON.stringify(value) ?? '');
    } catch {
      return 0;
    }
  };
  const tokens = { before: 0, after: 0 };
  const rows = conversion.results.map((result, index): McpToolRow => {
    const listed = listing.tools[result.index] as McpToolLike;
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
    const changes: McpToolRow['changes'] = {};
    for (const change of result.changes) changes[change.kind] = (changes[change.kind] ?? 0) + 1;
    return {
      name: result.name,
      ok: true,
      inputBytes: result.inputBytes,
      outputBytes: result.outputBytes,
      passes: result.compactionPasses,
      lost: lostCounts(result.explanation as ToolSchemaExplanation),
      error: undefined,
      tokensBefore,
      tokensAfter,
      providerName: result.providerName,
      strict: result.strict,
      changes,
      warnings: result.warnings,
    };
  });
  const report: McpReport = {
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
  const preflight = preflightTools(conversion.tools, options.providerTarget).map(
    (finding) =>
      `toolschema: request: ${finding.tool === '*' ? '' : `${finding.tool}: `}${finding.message} (${finding.limit})`,
  );
  if (!options.json)
    return styledOutput(
      [renderMcpReport(printableData(report), paintFor(io.stdout, io.env), terminalWidth(io.stdout, io.env))],
      preflight,
      exitCode,
    );
  const failures = rows.filter((row) => !row.ok).map((row) => `toolschema: ${row.name}: ${row.error ?? ''}`);
  // --json keeps the warnings (strict fallbacks, refs sent as JSON text) on stderr, by tool.
  const warnings = rows.flatMap((row) =>
    row.warnings.map((warning) => `toolschema: ${row.name}: ${warning.path} ${warning.message}`),
  );
  return commandOutput([JSON.stringify(report.tools, null, 2)], [...failures, ...warnings, ...preflight], exitCode);
}
