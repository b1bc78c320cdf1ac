import type { TargetChange } from '../../providers/changes.js';
import type { ProviderConversionSummary, ToolWarning } from '../../providers/convert-tools.js';
import type { ProviderTarget } from '../../providers/targets/registry.js';
import type { CompactionPolicy } from '../../schema/compaction/driver.js';
import type { ToolSchemaExplanation } from '../../schema/explain.js';
import { type CommandOutput } from '../command.js';
import type { CommandIO } from '../io.js';
import type { McpClientLimits, McpServerTarget } from '../mcp-client.js';
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
    server: {
        name: string;
        version: string;
    };
    target: ProviderTarget;
    /** Strict was asked for. */
    strict: boolean;
    rows: McpToolRow[];
    summary: ProviderConversionSummary;
    tools: unknown[];
    /** o200k tokens over the server's converted tools, before and after. */
    tokens: {
        before: number;
        after: number;
    };
}
/** Counts the losses of one explanation; a dropped definition table counts each of its entries. */
export declare function lostCounts(explanation: ToolSchemaExplanation): LostCounts;
/** Lists a server's tools, converts and explains each in one run, and reports per tool. */
export declare function mcp(options: McpCommandOptions, io: CommandIO): Promise<CommandOutput>;
//# sourceMappingURL=mcp.d.ts.map