// toolschema mcp: what the model will see of a real MCP server's tools, and what it loses.
import type { ToolSchemaExplanation } from '../../schema/explain.js';
import { explainToolInputSchema } from '../../schema/explain.js';
import { jsonByteLength } from '../../schema/size.js';
import type { ConversionSummary } from '../../tools/convert.js';
import { convertMcpTools } from '../../tools/convert.js';
import type { McpToolLike } from '../../tools/mcp.js';
import { prepareMcpInputSchema } from '../../tools/mcp.js';
import type { ResponsesFunctionTool } from '../../tools/responses.js';
import { EXIT_USAGE, ExitError } from '../exit-error.js';
import type { CommandIO } from '../io.js';
import type { McpServerTarget } from '../mcp-client.js';
import { listMcpTools } from '../mcp-client.js';
import { progressOn } from '../progress.js';

/** Options of {@link mcp}. */
export interface McpCommandOptions {
  target: McpServerTarget;
  deferred: boolean;
  budgetBytes: number | undefined;
  descriptionLimit: number | undefined;
  connectTimeoutMs: number;
  listTimeoutMs: number;
  /** Explain this tool in full instead of summarizing all of them. */
  explainTool: string | undefined;
}

/** What the model loses of one tool. */
export interface LostCounts {
  /** Descriptions stripped by compaction. */
  descriptions: number;
  /** Keywords the model does not carry (title, default, format, minimum, …). */
  keywords: number;
  /** Subtrees compaction replaced by `{}` (deep objects, definition refs, compositions). */
  collapsed: number;
  /** Schemas sanitize emptied to `{}` (no type could be inferred). */
  emptied: number;
  /** Definitions pruned as unreachable, or dropped by compaction. */
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
}

/** The command's result, rendered as a table or printed as JSON. */
export interface McpReport {
  server: { name: string; version: string };
  rows: McpToolRow[];
  summary: ConversionSummary;
  tools: ResponsesFunctionTool[];
  /** With `explainTool`: the explanation of that tool's input schema. */
  explained: { name: string; inputBytes: number | undefined; explanation: ToolSchemaExplanation } | undefined;
}

function lostCounts(explanation: ToolSchemaExplanation): LostCounts {
  const count = (...kinds: (keyof ToolSchemaExplanation['counts'])[]) =>
    kinds.reduce((total, kind) => total + (explanation.counts[kind] ?? 0), 0);
  return {
    descriptions: count('description_stripped'),
    keywords: count('keyword_dropped'),
    collapsed: count('subtree_collapsed', 'composition_pruned', 'ref_dropped'),
    emptied: count('schema_emptied'),
    definitions: count('definition_pruned', 'definitions_dropped'),
    warnings: explanation.warnings.length,
  };
}

/** Lists a server's tools, converts each, and reports per tool. */
export async function mcp(options: McpCommandOptions, io: CommandIO): Promise<McpReport> {
  const progress = progressOn(io.stderr);
  let listing: Awaited<ReturnType<typeof listMcpTools>>;
  try {
    listing = await listMcpTools({
      target: options.target,
      connectTimeoutMs: options.connectTimeoutMs,
      listTimeoutMs: options.listTimeoutMs,
      cwd: io.cwd,
      onProgress: (message) => progress.update(message),
    });
  } finally {
    progress.done();
  }

  const compaction = options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes };
  const conversion = convertMcpTools(listing.tools as McpToolLike[], {
    deferLoading: options.deferred,
    ...compaction,
    ...(options.descriptionLimit === undefined ? {} : { descriptionLimit: options.descriptionLimit }),
  });

  const rows = conversion.results.map((result, index): McpToolRow => {
    const name = result.name ?? `#${index}`;
    if (!result.ok) {
      return {
        name,
        ok: false,
        inputBytes: 0,
        outputBytes: undefined,
        passes: [],
        lost: { descriptions: 0, keywords: 0, collapsed: 0, emptied: 0, definitions: 0, warnings: 0 },
        error: result.error.message,
      };
    }
    const explanation = explainToolInputSchema(
      prepareMcpInputSchema((listing.tools[index] as McpToolLike).inputSchema),
      compaction,
    );
    return {
      name,
      ok: true,
      inputBytes: result.inputBytes,
      outputBytes: result.outputBytes,
      passes: result.compactionPasses,
      lost: lostCounts(explanation),
      error: undefined,
    };
  });

  let explained: McpReport['explained'];
  if (options.explainTool !== undefined) {
    const index = conversion.results.findIndex((result) => result.name === options.explainTool);
    if (index === -1) {
      const names = rows
        .map((row) => row.name)
        .slice(0, 20)
        .join(', ');
      throw new ExitError(
        `no tool named ${JSON.stringify(options.explainTool)}; the server lists: ${names}`,
        EXIT_USAGE,
      );
    }
    const tool = listing.tools[index] as McpToolLike;
    const explanation = explainToolInputSchema(prepareMcpInputSchema(tool.inputSchema), compaction);
    const inputBytes = explanation.input === undefined ? undefined : jsonByteLength(explanation.input);
    explained = { name: options.explainTool, inputBytes, explanation };
  }
  return { server: listing.server, rows, summary: conversion.summary, tools: conversion.tools, explained };
}
