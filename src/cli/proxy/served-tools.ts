// What the proxy lists: the upstream's tools, filtered, converted for the target, named for the host, with a report.

import { convertMcpTools, type ProviderConversion } from '../../providers/convert-tools.js';
import { toolCountOverLimit } from '../../providers/preflight.js';
import { anyTargetDefinition, type ConvertedTarget } from '../../providers/targets/registry.js';
import type { CompactionPolicy } from '../../schema/compaction/driver.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../schema/json.js';
import { type GlobMatcher, globPattern } from '../../tools/glob.js';
import type { McpToolLike } from '../../tools/mcp.js';
import type { TokenCounter } from '../tokens.js';
import { toDialect2020 } from './dialect.js';

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
  /**
   * Lines for stderr: one per changed tool, one per tool left out, and one when more tools are
   * served than the target takes in one request (see {@link tooManyToolsLine}).
   */
  report: string[];
  tokensBefore: number;
  tokensAfter: number;
}

function readName(tool: unknown): string | undefined {
  return isJsonObject(tool as JsonValue) && typeof (tool as JsonObject).name === 'string'
    ? ((tool as JsonObject).name as string)
    : undefined;
}

/** Whether an upstream name is served: it matches an `--include` (if any) and no `--exclude`. */
function selected(name: string | undefined, include: GlobMatcher[], exclude: GlobMatcher[]): boolean {
  if (name === undefined) return true;
  if (include.length > 0 && !include.some((pattern) => pattern.test(name))) return false;
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
export function serveTools(
  upstream: readonly unknown[],
  options: ServeOptions,
  countTokens: TokenCounter,
): ServedListing {
  const include = options.include.map(globPattern);
  const exclude = options.exclude.map(globPattern);
  const chosen = upstream.filter((tool) => selected(readName(tool), include, exclude));
  const conversion = convertMcpTools(chosen as McpToolLike[], {
    target: options.target,
    strict: options.strict,
    maxNameLength: options.maxNameLength,
    compactionPolicy: options.compactionPolicy,
    ...(options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes }),
    ...(options.budgetTokens === undefined ? {} : { budgetTokens: options.budgetTokens, countTokens }),
  }) as ProviderConversion<ConvertedTarget>;
  const tools: ServedTool[] = [];
  const leftOut: LeftOutTool[] = [];
  const report: string[] = [];
  let repaired = 0;
  let tokensBefore = 0;
  let tokensAfter = 0;
  for (const result of conversion.results) {
    const source = chosen[result.index] as JsonObject;
    if (!result.ok) {
      const name = result.name ?? `#${result.index}`;
      leftOut.push({ name, reason: result.error.message });
      report.push(`left out ${name}: ${result.error.message}`);
      continue;
    }
    // The target's own view of its wire tool: where it keeps the description and the schema.
    const view = anyTargetDefinition(options.target).view(result.tool as unknown as JsonObject);
    const inputSchema = view.schema ?? { type: 'object', properties: {} };
    const served: ServedTool = {
      name: result.providerName,
      description: typeof view.description === 'string' ? view.description : '',
      inputSchema,
    };
    if (typeof source.title === 'string') served.title = source.title;
    if (isJsonObject(source.outputSchema)) served.outputSchema = toDialect2020(source.outputSchema);
    if (isJsonObject(source.annotations)) served.annotations = source.annotations;
    if (isJsonObject(source._meta)) served._meta = source._meta;
    tools.push(served);
    const before = countTokens(
      JSON.stringify({ name: result.name, description: source.description, inputSchema: source.inputSchema }) ?? '',
    );
    const after = countTokens(JSON.stringify({ name: served.name, description: served.description, inputSchema }));
    tokensBefore += before;
    tokensAfter += after;
    const repairs = result.changes.filter((change) => change.kind === 'schema_repaired').length;
    if (repairs > 0) repaired++;
    if (result.changes.length > 0) {
      const kinds = [...new Set(result.changes.map((change) => change.kind))];
      const renamed = served.name === result.name ? '' : ` as ${served.name}`;
      report.push(
        `${result.name}${renamed}: ${result.changes.length} change${result.changes.length === 1 ? '' : 's'} (${kinds.join(', ')}); ${before} → ${after} tokens`,
      );
    }
  }
  const tooMany = tooManyToolsLine(tools.length, options.target);
  if (tooMany !== undefined) report.push(tooMany);
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

/**
 * What a host meets when the listing is longer than the target takes in one request (OpenAI's
 * 128 tools; Gemini's 512): the request fails, or the host sends only some of the tools (Cursor
 * the first 40, VS Code's Copilot at most 128). Undefined within the limit. Said once, at start
 * and when the list changes: the proxy still serves every tool, since a host may defer some.
 */
function tooManyToolsLine(served: number, target: ConvertedTarget): string | undefined {
  const limit = toolCountOverLimit(served, target);
  if (limit === undefined) return undefined;
  return `${served.toLocaleString('en-US')} tools served, more than ${target} takes in one request (${limit.toLocaleString('en-US')}); hosts cap them too (Cursor sends the first 40, VS Code's Copilot 128): serve fewer with --include or --exclude`;
}

/** The summary line of a listing, for stderr. */
export function summaryLine(listing: ServedListing, target: string): string {
  const parts = [
    `serving ${listing.tools.length} of ${listing.upstreamTotal} tools for ${target}`,
    `${listing.repaired} repaired`,
    `${listing.leftOut.length} left out`,
  ];
  if (listing.filtered > 0) parts.push(`${listing.filtered} filtered`);
  return `${parts.join(', ')}; ${listing.tokensBefore.toLocaleString('en-US')} → ${listing.tokensAfter.toLocaleString('en-US')} tokens`;
}
