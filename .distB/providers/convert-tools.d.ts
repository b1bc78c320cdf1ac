import { ToolSchemaError } from '../errors.js';
import type { CompactionPassName } from '../schema/compaction/driver.js';
import type { ToolSchemaExplanation } from '../schema/explain.js';
import type { ToolDefinition } from '../tools/definition.js';
import type { McpToolLike, ParseMcpToolOptions } from '../tools/mcp.js';
import { type TargetChange } from './changes.js';
import { type ToolCallResolution } from './resolve-call.js';
import { type ProviderTarget } from './targets/registry.js';
import type { WireTool } from './wire.js';
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
export { OPENAI_CHAT_MAX_DESCRIPTION_CHARS } from './targets/openai-chat.js';
/** Options of {@link convertMcpTools}. */
export interface ConvertToolsOptions<T extends ProviderTarget = 'codex'> extends ParseMcpToolOptions {
    /** The provider wire shape (default `'codex'`: the reference's Responses path, unchanged). */
    target?: T;
    /** Ask for strict schemas where the target has them (OpenAI, Anthropic); default false. */
    strict?: boolean;
    /** Prefix every provider-side name: `namespace__tool` (restored by `resolveToolCall`). */
    namespace?: string;
    /** Mark every tool `defer_loading: true` (codex target: found through tool search). */
    deferLoading?: boolean;
    /** Also return each tool's pipeline `explanation` (one run converts and explains). */
    explain?: boolean;
    /**
     * The longest provider-side tool name, 16 to 64 (default 64): hosts that prefix names
     * (`mcp__server__`) need room. Longer names are cut with a stable hash, as at 64.
     */
    maxNameLength?: number;
    /**
     * `resolveToolCall` rejects arguments larger than this, in compact JSON bytes, before reading
     * them (default `DEFAULT_MAX_ARGUMENT_BYTES`, 1 MB): checking is linear in their size.
     */
    maxArgumentBytes?: number;
}
/** A warning about one tool: something the caller should know, by JSON path into the tool. */
export interface ToolWarning {
    path: string;
    message: string;
}
/** One tool that converted. */
export interface ProviderConvertedTool<T extends ProviderTarget = ProviderTarget> {
    ok: true;
    index: number;
    /** The MCP tool's own name. */
    name: string;
    /** The name the provider sees (and the model calls). */
    providerName: string;
    /** Whether the tool is served as strict. */
    strict: boolean;
    tool: WireTool<T>;
    /**
     * The tool as the pipeline prepared it (the codex shape's source). On a provider target its
     * `inputSchema` is parsed from the tool's `inputSchema` when first read (the conversion never
     * needs it), as `inputBytes` is measured: a caller that changes the tool it passed before
     * reading it reads what it changed it to.
     */
    definition: ToolDefinition;
    /**
     * Compact JSON bytes of the tool's `inputSchema` as sent by the server (after any server-bug
     * repair), measured when first read: the conversion itself never needs it. (A caller that
     * changes the tool it passed before reading this reads the size of what it changed it to.)
     */
    inputBytes: number;
    /** Compact JSON bytes of the schema the provider gets (Gemini: its `parameters`, 0 without). */
    outputBytes: number;
    compactionPasses: CompactionPassName[];
    /** What the target conversion changed, by JSON path into the tool. */
    changes: TargetChange[];
    warnings: ToolWarning[];
    explanation?: ToolSchemaExplanation;
}
/** Totals over a batch, with what the target did. */
export interface ProviderConversionSummary extends ConversionSummary {
    /** Tools served strict. */
    strict: number;
    /** Tools asked to be strict that fell back to non-strict (each has a warning). */
    strictFallbacks: number;
    /** Tools whose provider-side name differs from their own. */
    renamed: number;
}
/** The result of {@link convertMcpTools}. */
export interface ProviderConversion<T extends ProviderTarget = 'codex'> {
    target: T;
    results: (ProviderConvertedTool<T> | FailedTool)[];
    /** The target's `tools` array (Gemini: the `functionDeclarations`), converted tools in order. */
    tools: WireTool<T>[];
    summary: ProviderConversionSummary;
    /**
     * Turns a model's call back into the MCP tool's name and arguments: `args` as the model sent
     * them (a JSON string or an object). Synthetic nulls become absent, encodings are undone,
     * renamed properties restored, then the arguments are checked against the tool's own schema.
     * Never throws.
     */
    resolveToolCall(name: string, args: unknown): ToolCallResolution;
}
/**
 * Converts every tool of a `tools/list` result into a provider's tools.
 * - `target` (default `'codex'`): the reference's Responses shape, byte-identical to before;
 *   `'openai-responses'`, `'openai-chat'`, `'anthropic'`, `'gemini'`, `'gemini-json-schema'`
 *   start from the same sanitized, pruned and compacted schema and keep every constraint the
 *   provider supports, moving the rest into descriptions.
 * - `strict`: OpenAI strict (closed objects, every property required, optional → nullable) or
 *   Anthropic strict tool use (at most 20 tools, 24 optional and 16 union parameters per
 *   request: the cheapest tools get it). A tool strict cannot express falls back, with a warning.
 * - Names follow the provider's pattern, 64 characters at most (a hash keeps them distinct);
 *   every rename is a change.
 * - One bad tool never sinks the rest: it is a `FailedTool` with its error.
 */
export declare function convertMcpTools<T extends ProviderTarget = 'codex'>(tools: readonly McpToolLike[], input?: ConvertToolsOptions<T>): ProviderConversion<T>;
/** The options of the default (codex) conversion; {@link ConvertToolsOptions} with its default target. */
export type ConvertMcpToolsOptions = ConvertToolsOptions<'codex'>;
/** The result of the default (codex) conversion: Responses function tools. */
export type ConversionResult = ProviderConversion<'codex'>;
/** One tool of the default (codex) conversion. */
export type ConvertedTool = ProviderConvertedTool<'codex'>;
//# sourceMappingURL=convert-tools.d.ts.map