import type { StructuredFailure } from '../output/decode.js';
import type { TargetChange } from '../providers/changes.js';
import type { ToolWarning } from '../providers/convert-tools.js';
import type { ExplainResult } from './commands/explain.js';
import type { LintReport } from './commands/lint.js';
import type { McpReport } from './commands/mcp.js';
import type { SearchRow } from './commands/search.js';
import type { Paint } from './style.js';
/** How many changes a stage lists before summarizing the rest. */
export declare const MAX_CHANGES_SHOWN_PER_STAGE = 25;
/** Formats a token count: `1,234 tokens`. */
export declare function formatTokens(count: number): string;
/** Formats a byte count with thousands separators. */
export declare function formatBytes(bytes: number): string;
/** Renders an explanation: one section per stage, changes by JSON path, then the final schema. */
export declare function renderExplain(result: ExplainResult, paint: Paint): string;
/** Renders an MCP report: a header line, one row per tool, and failures with their reasons. */
export declare function renderMcpReport(report: McpReport, paint: Paint, width?: number): string;
/** One tool's target conversion: where it goes, what changed by path, and the tool the provider gets. */
export declare function renderTargetChanges(conversion: {
    target: string;
    strict: boolean;
    providerName: string;
    tool: unknown;
    changes: TargetChange[];
    warnings: ToolWarning[];
}, paint: Paint): string;
/** The lint report: per target how many tools it rejects, then the violations. */
export declare function renderLintReport(report: LintReport, paint: Paint): string;
/** One line for a decode without a value: the kind and its details. */
export declare function renderDecodeFailure(failure: StructuredFailure): string;
/** Ranked search hits, one per line with the score and the start of the description. */
export declare function renderSearchHits(query: string, hits: SearchRow[], paint: Paint): string;
//# sourceMappingURL=render.d.ts.map