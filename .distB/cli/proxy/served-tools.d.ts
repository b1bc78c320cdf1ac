import { type ProviderConversion } from '../../providers/convert-tools.js';
import { type ConvertedTarget } from '../../providers/targets/registry.js';
import type { CompactionPolicy } from '../../schema/compaction/driver.js';
import { type JsonObject } from '../../schema/json.js';
import type { TokenCounter } from '../tokens.js';
/** How the proxy serves tools (its flags). */
export interface ServeOptions {
    target: ConvertedTarget;
    strict: boolean;
    /** Longest served name (hosts add their own prefixes). */
    maxNameLength: number;
    include: readonly string[];
    exclude: readonly string[];
    budgetBytes: number | undefined;
    budgetTokens: number | undefined;
    compactionPolicy: CompactionPolicy;
}
/** An MCP tool as the proxy lists it. */
export interface ServedTool {
    name: string;
    title?: string;
    description: string;
    inputSchema: JsonObject;
    outputSchema?: JsonObject;
    annotations?: JsonObject;
    _meta?: JsonObject;
}
/** One upstream tool the proxy does not list, and why. */
export interface LeftOutTool {
    name: string;
    reason: string;
}
/** A converted listing: what to serve, how to resolve calls, and what to say on stderr. */
export interface ServedListing {
    tools: ServedTool[];
    conversion: ProviderConversion<ConvertedTarget>;
    /** Upstream tools not served: filtered out, or failed to convert (with the error's path). */
    leftOut: LeftOutTool[];
    filtered: number;
    upstreamTotal: number;
    repaired: number;
    /** Lines for stderr: one per changed tool, one per tool left out, and the summary. */
    report: string[];
    tokensBefore: number;
    tokensAfter: number;
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
export declare function serveTools(upstream: readonly unknown[], options: ServeOptions, countTokens: TokenCounter): ServedListing;
/** The summary line of a listing, for stderr. */
export declare function summaryLine(listing: ServedListing, target: string): string;
//# sourceMappingURL=served-tools.d.ts.map