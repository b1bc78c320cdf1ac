// Batch conversion of MCP tools: one bad tool never sinks the rest.
import { expectArrayArgument, optionsObject, ToolSchemaError } from '../errors.js';
import type { CompactionPassName } from '../schema/compact.js';
import type { ToolSchemaExplanation } from '../schema/explain.js';
import { jsonByteLength } from '../schema/size.js';
import type { ToolDefinition } from './definition.js';
import type { McpToolLike, ParseMcpToolOptions } from './mcp.js';
import { parseMcpToolWithReport } from './mcp.js';
import type { ResponsesFunctionTool } from './responses.js';
import { toResponsesApiTool } from './responses.js';

/** Options of {@link convertMcpTools}. */
export interface ConvertMcpToolsOptions extends ParseMcpToolOptions {
  /** Mark every tool `defer_loading: true` (found through tool search). */
  deferLoading?: boolean;
  /**
   * Also return each tool's `explanation` (every change by path, what compaction cut): the same
   * run converts and explains, for reports of what the model loses.
   */
  explain?: boolean;
}

/** One tool that converted. */
export interface ConvertedTool {
  ok: true;
  index: number;
  name: string;
  definition: ToolDefinition;
  tool: ResponsesFunctionTool;
  /** Compact JSON bytes of the tool's `inputSchema` as sent by the server. */
  inputBytes: number;
  /** Compact JSON bytes of the `parameters` the model sees. */
  outputBytes: number;
  /** The compaction passes that ran, in order (none when the schema fit the budget). */
  compactionPasses: CompactionPassName[];
  /** With the `explain` option: what each pipeline stage changed in the tool's input schema. */
  explanation?: ToolSchemaExplanation;
}

/** One tool that failed, with the error naming the path inside the tool. */
export interface FailedTool {
  ok: false;
  index: number;
  name: string | undefined;
  error: ToolSchemaError;
}

/** Totals over a batch. */
export interface ConversionSummary {
  total: number;
  converted: number;
  failed: number;
  /** Tools on which at least one compaction pass ran. */
  compacted: number;
  /** Sum of `inputBytes` over converted tools. */
  bytesBefore: number;
  /** Sum of `outputBytes` over converted tools. */
  bytesAfter: number;
}

/** The result of {@link convertMcpTools}: one entry per input tool, in order, and the totals. */
export interface ConversionResult {
  results: (ConvertedTool | FailedTool)[];
  /** The Responses `tools` array of the tools that converted, in order. */
  tools: ResponsesFunctionTool[];
  summary: ConversionSummary;
}

/** The tool's name for a failure entry, when it can be read at all. */
function readName(tool: McpToolLike): string | undefined {
  try {
    return typeof tool?.name === 'string' ? tool.name : undefined;
  } catch {
    return undefined;
  }
}

function measureInput(tool: McpToolLike): number {
  try {
    return jsonByteLength((tool.inputSchema ?? null) as Parameters<typeof jsonByteLength>[0]);
  } catch {
    return 0;
  }
}

/**
 * Converts every tool of a `tools/list` result into a Responses function tool.
 * - Each tool converts or fails on its own: a failure is a `ToolSchemaError` in its entry.
 * - The summary counts converted, failed and compacted tools, and bytes before/after.
 */
export function convertMcpTools(tools: readonly McpToolLike[], input?: ConvertMcpToolsOptions): ConversionResult {
  expectArrayArgument(tools, 'invalid_tool', 'the tools');
  const options = optionsObject(input);
  const results: (ConvertedTool | FailedTool)[] = [];
  const wireTools: ResponsesFunctionTool[] = [];
  const summary: ConversionSummary = {
    total: tools.length,
    converted: 0,
    failed: 0,
    compacted: 0,
    bytesBefore: 0,
    bytesAfter: 0,
  };
  tools.forEach((tool, index) => {
    let name: string | undefined;
    try {
      name = readName(tool);
      const { definition, compactionPasses, explanation } = parseMcpToolWithReport(tool, options);
      const wire = toResponsesApiTool({ ...definition, deferLoading: options.deferLoading === true });
      const inputBytes = measureInput(tool);
      const outputBytes = jsonByteLength(wire.parameters);
      results.push({
        ok: true,
        index,
        name: definition.name,
        definition,
        tool: wire,
        inputBytes,
        outputBytes,
        compactionPasses,
        ...(explanation === undefined ? {} : { explanation }),
      });
      wireTools.push(wire);
      summary.converted++;
      if (compactionPasses.length > 0) summary.compacted++;
      summary.bytesBefore += inputBytes;
      summary.bytesAfter += outputBytes;
    } catch (error) {
      if (!(error instanceof ToolSchemaError)) throw error;
      results.push({ ok: false, index, name, error });
      summary.failed++;
    }
  });
  return { results, tools: wireTools, summary };
}
