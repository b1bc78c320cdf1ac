// MCP tools → any provider's tools array, each with what changed, and a resolver for the model's calls.

import { describeValue, expectArrayArgument, optionsObject, showOptionValue, ToolSchemaError } from '../errors.js';
import { type CompiledSchema, createSchemaCompiler } from '../json-schema-ajv.js';
import { attachLazyState, lazyMember } from '../lazy-members.js';
import type { CompactionPassName } from '../schema/compaction/driver.js';
import type { ToolSchemaExplanation } from '../schema/explain.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../schema/json.js';
import type { KeyLists } from '../schema/key-lists.js';
import { jsonByteLength } from '../schema/size.js';
import type { ToolDefinition } from '../tools/definition.js';
import type { McpToolLike, ParseMcpToolOptions } from '../tools/mcp.js';
import {
  checkMcpToolOptions,
  type DefinitionParts,
  definitionDecodingOnRead,
  parseMcpToolWithFacts,
} from '../tools/mcp.js';
import { toResponsesApiTool } from '../tools/responses.js';
import { at, ChangeLog, pointerOf, type SchemaPath, type TargetChange, type TargetChangeKind } from './changes.js';
import { convertSchemaForTarget, type TargetSchema } from './convert-schema.js';
import { type MadeMerges, madeMerges } from './merge-all-of.js';
import { checkNamespaceOption, type NameCounters, providerToolName, validToolNames } from './names.js';
import { repairServerSchema } from './repair-schema.js';
import { type CallRestorer, createCallResolver, type ToolCallResolution } from './resolve-call.js';
import { KEEP, NO_DEFINITION_PLANS } from './restore-plan.js';
import { costsNothingOfStrictBudget } from './strict-cost-free.js';
import {
  type CopiedModelSize,
  recursiveDefinitionSeen,
  strictBoundsOverLimit,
  strictOptionalPropertiesLowerBound,
} from './strict-depth-bound.js';
import {
  ANTHROPIC_MAX_OPTIONAL_PARAMETERS,
  ANTHROPIC_MAX_STRICT_TOOLS,
  ANTHROPIC_MAX_UNION_PARAMETERS,
  measureStrictRequestCost,
  measureStrictSchema,
  OPENAI_STRICT_MAX_DEPTH,
  OPENAI_STRICT_MAX_PROPERTIES,
  openAiStrictLimitViolations,
  strictRootPropertiesOverLimit,
} from './strict-limits.js';
import type { TargetDefinition } from './targets/definition.js';
import {
  anyTargetDefinition,
  type ConvertedTarget,
  isProviderTarget,
  PROVIDER_TARGETS,
  type ProviderTarget,
  schemaProfile,
} from './targets/registry.js';
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
   * The tool as the pipeline prepared it (the codex shape's source). On a provider target it is
   * made when first read (the conversion never needs it; then the same object on every read, and
   * assignable), and its `inputSchema` is parsed from the tool's `inputSchema` when first read,
   * as `inputBytes` is measured: a caller that changes the tool it passed before reading it reads
   * what it changed it to.
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
  /** What the target conversion changed, by JSON path into the tool (made records when first read). */
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

interface Prepared extends DefinitionParts {
  index: number;
  /**
   * The definition as the parse made it (codex); undefined on a provider target, where each
   * result makes it from the parts when it is read (see `toolResult`).
   */
  definition: ToolDefinition | undefined;
  raw: JsonValue;
  original: JsonValue;
  compactionPasses: CompactionPassName[];
  explanation: ToolSchemaExplanation | undefined;
  /** Server bugs repaired before the parse (provider targets only), as changes. */
  repairs: TargetChange[];
  /** Key lists that hold for `raw` (see `key-lists.ts`). */
  keyLists: KeyLists | undefined;
  /** The refs to a schema's place its copy met (see `CopyState.pathRefs`): converted once where kept under `$defs`. */
  pathRefs: readonly string[] | undefined;
  /** What the parse's copy measured of the model, when known: see `strictBoundsOverLimit`. */
  modelSize: CopiedModelSize | undefined;
  /** Whether the parse's copy replaced a boolean schema (undefined: not known, so it may have). */
  booleanSchemas: boolean | undefined;
  /**
   * Anthropic strict: the tool's non-strict conversion, made first for the request budget, and
   * how many changes of its log that conversion made. A budget candidate that strict mode cannot
   * express falls back to it instead of being converted a third time.
   */
  nonStrict?: { converted: TargetSchema; log: ChangeLog; changes: number };
}

/** A tool's `inputSchema`, or undefined when reading it throws (the parse reports that). */
function readInputSchema(tool: McpToolLike): unknown {
  try {
    return tool?.inputSchema;
  } catch {
    return undefined;
  }
}

/**
 * Parses a tool, repairing its schema's server bugs first when `repairs` (see `repairServerSchema`).
 * The parse's copy says whether it saw anything a repair may be for: only then (or when the parse
 * fails) is the tool walked for repairs and, if any, parsed again repaired, so that the tools
 * with nothing to repair (nearly all) are walked once. With `explain`, repairs come first. With
 * `keepRaw` (the provider targets, which start from the raw value), the definition's model is
 * decoded only if it is read.
 */
function parseRepairing(
  given: McpToolLike,
  options: Parameters<typeof parseMcpToolWithFacts>[1] & { explain?: boolean },
  repairs: boolean,
  countInput: boolean,
): { tool: McpToolLike; repaired: TargetChange[]; facts: ReturnType<typeof parseMcpToolWithFacts> } {
  // The parse's facts are handed on as they are: spreading them into a new object was a
  // twentieth of converting a small tool.
  const keepRaw = options.keepRaw === true;
  if (!repairs)
    return { tool: given, repaired: NO_REPAIRS, facts: parseMcpToolWithFacts(given, options, countInput, keepRaw) };
  if (options?.explain === true) {
    const { tool, repairs: repaired } = repairTool(given);
    return { tool, repaired, facts: parseMcpToolWithFacts(tool, options, countInput, keepRaw) };
  }
  let first: ReturnType<typeof parseMcpToolWithFacts> | undefined;
  let failure: unknown;
  try {
    first = parseMcpToolWithFacts(given, options, countInput, keepRaw);
    if (!first.repairHint) return { tool: given, repaired: NO_REPAIRS, facts: first };
  } catch (error) {
    if (!(error instanceof ToolSchemaError)) throw error;
    failure = error;
  }
  const { tool, repairs: repaired } = repairTool(given);
  if (repaired.length === 0) {
    if (first === undefined) throw failure;
    return { tool: given, repaired: NO_REPAIRS, facts: first };
  }
  return { tool, repaired, facts: parseMcpToolWithFacts(tool, options, countInput, keepRaw) };
}

/** The tool with its schema repaired (see `repairServerSchema`), or the tool as it is. */
function repairTool(tool: McpToolLike): { tool: McpToolLike; repairs: TargetChange[] } {
  const repaired = repairServerSchema(readInputSchema(tool));
  if (repaired === undefined) return { tool, repairs: NO_REPAIRS };
  try {
    return { tool: { ...tool, inputSchema: repaired.schema as McpToolLike['inputSchema'] }, repairs: repaired.repairs };
  } catch {
    return { tool, repairs: NO_REPAIRS };
  }
}

const NO_REPAIRS: TargetChange[] = [];

function readName(tool: McpToolLike): string | undefined {
  try {
    return typeof tool?.name === 'string' ? tool.name : undefined;
  } catch {
    return undefined;
  }
}

function measure(value: unknown): number {
  try {
    return jsonByteLength((value ?? null) as JsonValue);
  } catch {
    return 0;
  }
}

function strictCapable(target: ConvertedTarget): boolean {
  return anyTargetDefinition(target).strictCapable;
}

/** Where a tool's schema changes are: `/inputSchema/...`. */
const INPUT_SCHEMA = at(undefined, 'inputSchema');

/** Says, as a change and a warning, why a tool asked to be strict was sent non-strict. */
function fallBackFromStrict(log: ChangeLog, warnings: ToolWarning[], reasons: readonly string[]): void {
  const message = `sent non-strict: strict mode cannot express ${reasons.join('; ')}`;
  log.add('strict_fallback', INPUT_SCHEMA, message);
  warnings.push({ path: '/inputSchema', message });
}

/** Converts one prepared tool's schema for the target, falling back from strict with a warning. */
function convertForTarget(prepared: Prepared, target: ConvertedTarget, strict: boolean) {
  const wantStrict = strict && strictCapable(target);
  const log = new ChangeLog();
  const warnings: ToolWarning[] = [];
  const limitedPerSchema = wantStrict && !anyTargetDefinition(target).strictRequestBudget;
  // A root wider than OpenAI's limit cannot be strict: converted once, non-strict, not twice.
  const rootProperties = limitedPerSchema
    ? strictRootPropertiesOverLimit(prepared.raw, prepared.keyLists, prepared.booleanSchemas !== false)
    : undefined;
  // Nor can a tool sure to nest past its depth limit, or to hold more properties than it takes
  // below the root (see strict-depth-bound.ts).
  // The allOf merges the walk makes, which the conversion then takes as they are.
  const walked = limitedPerSchema && rootProperties === undefined && prepared.pathRefs === undefined;
  const merges: MadeMerges | undefined = walked ? madeMerges() : undefined;
  const overLimit = walked
    ? strictBoundsOverLimit(prepared.raw, prepared.modelSize, prepared.booleanSchemas, merges)
    : undefined;
  // And a target that takes no recursion (Anthropic strict) cannot take a tool whose definitions
  // are sure to recur: it is converted non-strict only (its non-strict conversion, when made
  // already for the request budget, is used).
  const recursive =
    wantStrict && !schemaProfile(target, true).recursion && prepared.pathRefs === undefined
      ? recursiveDefinitionSeen(prepared.raw)
      : undefined;
  const doomed = rootProperties !== undefined || overLimit !== undefined || recursive !== undefined;
  let converted: TargetSchema;
  if (recursive !== undefined && prepared.nonStrict !== undefined) {
    converted = prepared.nonStrict.converted;
    log.addFrom(prepared.nonStrict.log, prepared.nonStrict.changes);
  } else
    converted = convertSchemaForTarget(
      prepared.raw,
      schemaProfile(target, wantStrict && !doomed),
      log,
      INPUT_SCHEMA,
      prepared.original,
      prepared.keyLists,
      prepared.pathRefs,
      prepared.booleanSchemas !== false,
      merges,
      prepared.compactionPasses.length > 0,
    );
  let served = wantStrict;
  if (rootProperties !== undefined) {
    served = false;
    fallBackFromStrict(log, warnings, [
      `${rootProperties} properties at the root alone (limit ${OPENAI_STRICT_MAX_PROPERTIES})`,
    ]);
  } else if (overLimit !== undefined) {
    served = false;
    // In the order the measure's reasons take (openAiStrictLimitViolations).
    const reasons: string[] = [];
    if (overLimit.properties !== undefined)
      reasons.push(`at least ${overLimit.properties} properties (limit ${OPENAI_STRICT_MAX_PROPERTIES})`);
    if (overLimit.levels !== undefined)
      reasons.push(`at least ${overLimit.levels} levels of nesting (limit ${OPENAI_STRICT_MAX_DEPTH})`);
    fallBackFromStrict(log, warnings, reasons);
  } else if (recursive !== undefined) {
    served = false;
    fallBackFromStrict(log, warnings, [`a recursive definition (${recursive})`]);
  } else if (wantStrict) {
    const reasons = [...converted.strictBlockers];
    if (limitedPerSchema && !converted.withinStrictLimits)
      reasons.push(...openAiStrictLimitViolations(measureStrictSchema(converted.schema, true, converted.keyLists)));
    if (reasons.length > 0) {
      served = false;
      log.clear();
      const { nonStrict } = prepared;
      if (nonStrict !== undefined) {
        // The same conversion, made already (a conversion reads only the prepared tool).
        converted = nonStrict.converted;
        log.addFrom(nonStrict.log, nonStrict.changes);
      } else {
        converted = convertSchemaForTarget(
          prepared.raw,
          schemaProfile(target, false),
          log,
          INPUT_SCHEMA,
          prepared.original,
          prepared.keyLists,
          prepared.pathRefs,
          prepared.booleanSchemas !== false,
          merges,
          prepared.compactionPasses.length > 0,
        );
      }
      fallBackFromStrict(log, warnings, reasons);
    }
  }
  if (converted.inlineLimited)
    warnings.push({
      path: '/inputSchema',
      message:
        'some refs are sent as JSON text: inlining every use would have grown the tool more than the limit allows (see the encoded_json_text changes)',
    });
  return { converted, strict: served, log, warnings };
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
export function convertMcpTools<T extends ProviderTarget = 'codex'>(
  tools: readonly McpToolLike[],
  input?: ConvertToolsOptions<T>,
): ProviderConversion<T> {
  expectArrayArgument(tools, 'invalid_tool', 'the tools');
  const options = optionsObject(input);
  const target = (options.target ?? 'codex') as T;
  if (!isProviderTarget(target)) {
    throw new ToolSchemaError(
      'invalid_option',
      ['target'],
      `unknown target ${showOptionValue(target)}; expected one of ${PROVIDER_TARGETS.join(', ')}`,
    );
  }
  const maxName = options.maxNameLength;
  if (maxName !== undefined && !(Number.isSafeInteger(maxName) && maxName >= 16 && maxName <= 64))
    throw new ToolSchemaError(
      'invalid_option',
      ['maxNameLength'],
      `maxNameLength must be an integer from 16 to 64, found ${describeValue(maxName)}`,
    );
  checkNamespaceOption(options.namespace as unknown);
  const limit = options.maxArgumentBytes;
  if (limit !== undefined && !(typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0))
    throw new ToolSchemaError(
      'invalid_option',
      ['maxArgumentBytes'],
      `maxArgumentBytes must be a positive integer, found ${describeValue(limit)}`,
    );
  // The options every tool shares are checked once: a bad one throws here, instead of failing
  // each tool with a path under /inputSchema.
  checkMcpToolOptions(options);
  const strict = options.strict === true;
  const results: (ProviderConvertedTool<T> | FailedTool)[] = [];
  const summary = conversionSummary(tools.length, results);
  const restorers = new Map<string, CallRestorer>();
  const resolvers = new Map<string, (args: unknown) => ToolCallResolution>();
  const compile = createSchemaCompiler();
  // Names given so far; and the tools' own names valid as they are, which renamed tools avoid.
  const names: ToolNames = {
    taken: new Set(),
    counters: new Map(),
    reserved: !anyTargetDefinition(target).converted
      ? new Set()
      : validToolNames(tools.map(readName), target as ConvertedTarget, options.namespace),
  };
  // Anthropic strict is a per-request budget. A list that could all be strict (20 tools at most)
  // is converted strict, and the tools the budget leaves out are converted again non-strict:
  // small servers mostly fit, and each tool is then converted once. (12 of the corpus's 37 small
  // servers do not: 47 of their 286 tools were converted twice.) In a longer list every tool
  // is converted non-strict first, then the cheapest get their strict conversion (converting
  // all strict would redo nearly all of them), but tools sure to cost nothing of the budget, the
  // cheapest there are, are converted strict at once (see strict-cost-free.ts). Only then are
  // the parsed tools kept: otherwise each is converted as soon as it is parsed, so its working
  // copy dies young instead of the whole batch's copies living until the end.
  // A short list is parsed whole first: where its tools' optional parameters, counted from below,
  // are sure not to fit the budget together, the tools that rank cheapest by that count while it
  // fits are converted strict and the others non-strict, and the budget is then kept as in a
  // longer list (see `shortListPlan`). Converted strict whole, most of them were converted again.
  const anthropicStrict = anyTargetDefinition(target).strictRequestBudget && strict;
  const shortList = anthropicStrict && tools.length <= ANTHROPIC_MAX_STRICT_TOOLS;
  // The longer list's tools converted strict at once (positions), and how many of them are strict.
  const triedStrict = new Set<number>();
  let strictAtOnceTaken = 0;
  const prepared: Prepared[] = [];
  const converted: ConvertedEntry<T>[] = [];
  // Repeated parts written once as definitions save nothing where the target inlines refs again.
  const inlinesRefs =
    anyTargetDefinition(target).converted && schemaProfile(target as ConvertedTarget, strict).refs === 'inline';
  // Not `{...options, keepRaw}`: a spread followed by a key the source lacks takes V8's slow
  // path (half a microsecond here, a twentieth of converting a server of three small tools).
  const parseOptions: typeof options & { keepRaw: boolean } = Object.assign({}, options, {
    keepRaw: anyTargetDefinition(target).converted,
  });
  if (inlinesRefs && options.shareRepeated === undefined) parseOptions.shareRepeated = false;

  const repairs = anyTargetDefinition(target).converted;
  tools.forEach((given, index) => {
    const name = readName(given);
    let entry: Prepared;
    try {
      // Provider targets repair server bugs; codex stays the reference's, byte for byte.
      // The tools' input sizes are measured when read (see `toolResult`): the copy counts nothing.
      const { tool, repaired, facts } = parseRepairing(given, parseOptions, repairs, false);
      const { report, model, keyLists, pathRefs, modelSize, booleanSchemas } = facts;
      entry = {
        index,
        name: facts.name,
        definition: facts.definition,
        description: facts.description,
        structuredContent: facts.structuredContent,
        model,
        raw: report.raw ?? null,
        original: (tool.inputSchema ?? null) as JsonValue,
        compactionPasses: facts.compactionPasses,
        explanation: report.explanation,
        repairs: repaired,
        keyLists,
        pathRefs,
        modelSize,
        booleanSchemas,
      };
    } catch (error) {
      if (!(error instanceof ToolSchemaError)) throw error;
      results.push({ ok: false, index, name, error });
      summary.failed++;
      return;
    }
    if (shortList) {
      prepared.push(entry);
      return;
    }
    // In a longer list, a tool sure to cost nothing of the budget ranks first with the others
    // that cost nothing, in list order: the first 20 of them are converted strict at once.
    const strictAtOnce =
      anthropicStrict && strictAtOnceTaken < ANTHROPIC_MAX_STRICT_TOOLS && costsNothingOfStrictBudget(entry.raw);
    const entryConverted = convertOne(entry, target, strict, options, names, compile, anthropicStrict && !strictAtOnce);
    if (strictAtOnce) {
      triedStrict.add(converted.length);
      if (entryConverted.result.strict) strictAtOnceTaken++;
    }
    converted.push(entryConverted);
    if (anthropicStrict) prepared.push(entry);
  });
  if (shortList) {
    const plan = shortListPlan(prepared);
    prepared.forEach((entry, position) => {
      const tryStrict = !plan.overBudget.has(position) && (plan.wholeList || plan.strict.has(position));
      converted.push(convertOne(entry, target, strict, options, names, compile, !tryStrict));
    });
    if (plan.wholeList) keepAnthropicRequestBudget(converted, prepared, [...plan.overBudget], options, names, compile);
    else applyAnthropicRequestBudget(converted, prepared, plan.strict, options, names, compile);
  } else if (anthropicStrict) applyAnthropicRequestBudget(converted, prepared, triedStrict, options, names, compile);
  for (const entry of converted) {
    results.push(entry.result);
    restorers.set(entry.result.providerName, entry.restorer);
    summary.converted++;
    if (entry.result.compactionPasses.length > 0) summary.compacted++;
    if (entry.result.strict) summary.strict++;
    if (strict && !entry.result.strict && strictCapable(target as ConvertedTarget)) summary.strictFallbacks++;
    if (entry.result.providerName !== entry.result.name) summary.renamed++;
  }
  // In list order already unless a tool failed (failures go in as they happen).
  if (summary.failed > 0) results.sort((a, b) => a.index - b.index);
  return {
    target,
    results,
    tools: converted.map((entry) => entry.result.tool),
    summary,
    resolveToolCall(name, args) {
      const restorer = typeof name === 'string' ? restorers.get(name) : undefined;
      if (restorer === undefined) {
        const known = [...restorers.keys()].slice(0, 10).join(', ');
        return {
          ok: false,
          error: new ToolSchemaError(
            'unknown_tool',
            ['name'],
            `no tool named ${JSON.stringify(name)} in this conversion (tools: ${known})`,
          ),
          issues: [],
        };
      }
      let resolve = resolvers.get(name);
      if (resolve === undefined) {
        resolve = createCallResolver(restorer);
        resolvers.set(name, resolve);
      }
      return resolve(args);
    },
  };
}

/** What a conversion summary's sizes read (see {@link conversionSummary}). */
interface SummaryState {
  results: readonly (ProviderConvertedTool<ProviderTarget> | FailedTool)[];
  bytesBefore: number | undefined;
  bytesAfter: number | undefined;
}

/** A summary size summed over the converted tools' `size` when first read, kept as `total`. */
function summedSize(size: 'inputBytes' | 'outputBytes', total: 'bytesBefore' | 'bytesAfter'): PropertyDescriptor {
  return lazyMember<SummaryState, number>((state) => {
    state[total] ??= state.results.reduce((sum, result) => sum + (result.ok ? result[size] : 0), 0);
    return state[total];
  });
}

/** `bytesBefore` and `bytesAfter` (see `lazy-members.ts`). */
const SUMMARY_BYTES_BEFORE = summedSize('inputBytes', 'bytesBefore');
const SUMMARY_BYTES_AFTER = summedSize('outputBytes', 'bytesAfter');

/**
 * A conversion's summary, its counts at zero. The converted tools' sizes are summed when first
 * read: a caller that never reads them (a host, the proxy) is spared a walk of every schema sent.
 */
function conversionSummary(
  total: number,
  results: readonly (ProviderConvertedTool<ProviderTarget> | FailedTool)[],
): ProviderConversionSummary {
  const summary = { total, converted: 0, failed: 0, compacted: 0 } as ProviderConversionSummary;
  attachLazyState(summary, { results, bytesBefore: undefined, bytesAfter: undefined } satisfies SummaryState);
  Object.defineProperty(summary, 'bytesBefore', SUMMARY_BYTES_BEFORE);
  Object.defineProperty(summary, 'bytesAfter', SUMMARY_BYTES_AFTER);
  summary.strict = 0;
  summary.strictFallbacks = 0;
  summary.renamed = 0;
  return summary;
}

/** The provider-side names of one conversion: those given, and the valid own names renamed tools avoid. */
interface ToolNames {
  taken: Set<string>;
  reserved: ReadonlySet<string>;
  counters: NameCounters;
}

interface ConvertedEntry<T extends ProviderTarget> {
  result: ProviderConvertedTool<T>;
  /** What the result's lazy members read: a change added later goes here (see {@link addResultChange}). */
  state: ToolResultState;
  /** What resolving its calls needs; the resolver itself is made on the first call. */
  restorer: CallRestorer;
  /** The lists of the large tables of the wire schema, as the converter wrote it (see `key-lists.ts`). */
  keyLists: KeyLists | undefined;
}

function convertOne<T extends ProviderTarget>(
  entry: Prepared,
  target: T,
  strict: boolean,
  options: Partial<ConvertToolsOptions<T>>,
  names: ToolNames,
  compile: (schema: unknown) => CompiledSchema,
  forceNonStrict = false,
  givenName?: string,
): ConvertedEntry<T> {
  if (!anyTargetDefinition(target).converted) {
    const definition = preparedDefinition(entry);
    const tool = toResponsesApiTool({ ...definition, deferLoading: options.deferLoading === true });
    names.taken.add(definition.name);
    const state = toolResultState(entry, tool.parameters as JsonValue, undefined);
    return {
      result: toolResult(
        entry,
        definition.name,
        false,
        tool as WireTool<T>,
        state,
        openAiRejections(tool.name, tool.parameters as JsonValue),
      ),
      state,
      restorer: {
        name: definition.name,
        plan: KEEP,
        table: NO_DEFINITION_PLANS,
        original: entry.original,
        normalized: entry.model,
        compile,
        maxArgumentBytes: options.maxArgumentBytes,
      },
      // The codex tool is not converted: nothing was listed.
      keyLists: undefined,
    };
  }
  const convertedTarget = target as ConvertedTarget;
  const {
    converted,
    strict: served,
    log,
    warnings,
  } = convertForTarget(entry, convertedTarget, strict && !forceNonStrict);
  // Anthropic strict's first pass: kept for a strict attempt that falls back (see `Prepared`).
  if (forceNonStrict && strict) entry.nonStrict = { converted, log, changes: log.size };
  if (entry.repairs.length > 0) log.prepend(entry.repairs);
  // A tool converted again (Anthropic's budget) keeps the name its first conversion took.
  const providerName =
    givenName ??
    providerToolName(
      entry.name,
      convertedTarget,
      names.taken,
      options.namespace,
      names.reserved,
      names.counters,
      options.maxNameLength,
    );
  names.taken.add(providerName);
  if (providerName !== entry.name)
    log.add(
      'name_changed',
      at(undefined, 'name'),
      `${JSON.stringify(entry.name)} is ${JSON.stringify(providerName)} on ${target}`,
    );
  const definitionOf = anyTargetDefinition(convertedTarget);
  const description = fitDescription(entry.description, definitionOf, log);
  const parameters = definitionOf.spellParameters(converted.schema, converted.keyLists) as JsonObject | undefined;
  const tool = definitionOf.envelope(providerName, description, parameters, served) as WireTool<T>;
  // The exact size of what the provider gets, measured when read.
  const state = toolResultState(entry, parameters, log);
  return {
    result: toolResult(entry, providerName, served, tool, state, warnings),
    state,
    restorer: {
      name: entry.name,
      plan: converted.plan,
      table: converted.table,
      original: entry.original,
      normalized: entry.model,
      compile,
      maxArgumentBytes: options.maxArgumentBytes,
    },
    keyLists: converted.keyLists,
  };
}

/**
 * A tool description within the target's limit, if it has one: cut at the limit with an ellipsis
 * (`characters`), or (`sentences`) to the whole sentences that fit, else to whole words; either
 * way a `description_cut` change says so.
 */
function fitDescription(description: string, target: TargetDefinition, log: ChangeLog): string {
  const max = target.maxDescriptionChars;
  if (max === undefined || description.length <= max) return description;
  let fitted: string;
  if (target.descriptionCut === 'sentences') {
    const head = description.slice(0, max);
    const sentenceEnd = Math.max(...['. ', '! ', '? ', '.\n', '\n\n'].map((end) => head.lastIndexOf(end)));
    if (sentenceEnd > max / 4) fitted = description.slice(0, sentenceEnd + 1).trimEnd();
    else {
      const wordEnd = lastWordBreak(head.slice(0, max - 1));
      fitted = `${description.slice(0, wordEnd > 0 ? wordEnd : max - 1).trimEnd()}…`;
    }
  } else fitted = `${description.slice(0, max - 1)}…`;
  log.add(
    'description_cut',
    at(undefined, 'description'),
    `description shortened from ${description.length.toLocaleString('en-US')} to ${fitted.length.toLocaleString('en-US')} characters (${target.label}'s limit is ${max.toLocaleString('en-US')})`,
  );
  return fitted;
}

const WHITESPACE = /\s/;

/**
 * Where the whitespace before `text`'s last word starts (as `text.search(/\s+\S*$/)` finds it), or
 * -1 when it has none. Read backwards from the end: that expression retried each run of spaces
 * from every one of them, and was most of a `portable` conversion of a tool with an indented
 * description (24-space indents: 55% of the call).
 */
function lastWordBreak(text: string): number {
  let index = text.length;
  while (index > 0 && !WHITESPACE.test(text[index - 1] as string)) index--;
  if (index === 0) return -1;
  while (index > 0 && WHITESPACE.test(text[index - 1] as string)) index--;
  return index;
}

/** Root keywords OpenAI refuses in `parameters` ("schema must have type 'object' and not have … at the top level"). */
const OPENAI_TOP_LEVEL_REFUSED = ['anyOf', 'oneOf', 'allOf', 'enum', 'not'] as const;

/**
 * What OpenAI would answer 400 to in a codex tool, which is the reference's output unchanged:
 * warnings, so the reference's bytes stay as they are and the caller still hears of it.
 */
function openAiRejections(name: string, parameters: JsonValue): ToolWarning[] {
  const warnings: ToolWarning[] = [];
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(name))
    warnings.push({
      path: '/name',
      message: `OpenAI rejects the name ${JSON.stringify(name.length > 80 ? `${name.slice(0, 79)}…` : name)}: names match ^[a-zA-Z0-9_-]{1,64}$ (target openai-responses renames it)`,
    });
  if (isJsonObject(parameters)) {
    const refused = OPENAI_TOP_LEVEL_REFUSED.filter((key) => parameters[key] !== undefined);
    if (parameters.type !== 'object' || refused.length > 0)
      warnings.push({
        path: '/inputSchema',
        message: `OpenAI rejects parameters ${refused.length > 0 ? `with ${refused.join(', ')} at the top level` : 'whose root is not an object'} (target openai-responses merges it into one object)`,
      });
  }
  return warnings;
}

/** What a converted tool's lazy members read (see {@link toolResult}). */
interface ToolResultState extends DefinitionParts {
  /** The tool's definition: made when first read from its parts, unless given or assigned. */
  definition: ToolDefinition | undefined;
  /** The tool's input schema as the caller gave it (the entry holds the tool's working copy). */
  input: unknown;
  inputBytes: number | undefined;
  /** The schema the provider gets, measured when `outputBytes` is read (a value, not a closure per result); undefined: none. */
  output: JsonValue | undefined;
  outputBytes: number | undefined;
  /** The conversion's change log; undefined: no changes. */
  log: ChangeLog | undefined;
  changes: TargetChange[] | undefined;
}

/**
 * `definition`, made when first read; assignable. A definition made for every result, with its
 * own two lazy members, was a tenth of converting a small tool, for a member the conversion
 * itself never reads.
 */
const TOOL_RESULT_DEFINITION = lazyMember<ToolResultState, ToolDefinition>(
  (state) => {
    state.definition ??= definitionDecodingOnRead(state);
    return state.definition;
  },
  (state, value) => {
    state.definition = value;
  },
);

/** `inputBytes` and `outputBytes`, measured when first read (see `lazy-members.ts`). */
const TOOL_RESULT_INPUT_BYTES = lazyMember<ToolResultState, number>((state) => {
  state.inputBytes ??= measure(state.input);
  return state.inputBytes;
});
const TOOL_RESULT_OUTPUT_BYTES = lazyMember<ToolResultState, number>((state) => {
  state.outputBytes ??= state.output === undefined ? 0 : jsonByteLength(state.output);
  return state.outputBytes;
});

/** `changes`, made records when first read; assignable. */
const TOOL_RESULT_CHANGES = lazyMember<ToolResultState, TargetChange[]>(
  (state) => {
    state.changes ??= state.log === undefined ? [] : state.log.toArray();
    return state.changes;
  },
  (state, value) => {
    state.changes = value;
  },
);

/**
 * One converted tool's result. Its `inputBytes` and `outputBytes` are measured when first read (a
 * walk of a schema, which most callers never ask for), and its `changes` are made records then
 * too (`log`; undefined: none): own enumerable members, in the order of the type, whose accessors
 * every result shares (see `lazy-members.ts` for why not a getter per result).
 */
function toolResult<T extends ProviderTarget>(
  entry: Prepared,
  providerName: string,
  strict: boolean,
  tool: WireTool<T>,
  state: ToolResultState,
  warnings: ToolWarning[],
): ProviderConvertedTool<T> {
  const result = {
    ok: true,
    index: entry.index,
    name: entry.name,
    providerName,
    strict,
    tool,
  } as ProviderConvertedTool<T>;
  attachLazyState(result, state);
  // One call a member: `Object.defineProperties` with a map of two was a third slower here.
  Object.defineProperty(result, 'definition', TOOL_RESULT_DEFINITION);
  Object.defineProperty(result, 'inputBytes', TOOL_RESULT_INPUT_BYTES);
  Object.defineProperty(result, 'outputBytes', TOOL_RESULT_OUTPUT_BYTES);
  result.compactionPasses = entry.compactionPasses;
  Object.defineProperty(result, 'changes', TOOL_RESULT_CHANGES);
  result.warnings = warnings;
  if (entry.explanation !== undefined) result.explanation = entry.explanation;
  return result;
}

/** The definition the parse made, or one made now (then kept: the entry may be converted again). */
function preparedDefinition(entry: Prepared): ToolDefinition {
  entry.definition ??= definitionDecodingOnRead(entry);
  return entry.definition;
}

/** The state of a tool result's lazy members: its definition, its sizes, measured when read, and its changes. */
function toolResultState(entry: Prepared, output: JsonValue | undefined, log: ChangeLog | undefined): ToolResultState {
  return {
    definition: entry.definition,
    name: entry.name,
    description: entry.description,
    model: entry.model,
    structuredContent: entry.structuredContent,
    input: entry.original,
    inputBytes: undefined,
    output,
    outputBytes: undefined,
    log,
    changes: undefined,
  };
}

/**
 * Adds a change to a tool's result: to its log while its changes are not made yet, so that a
 * change added to every tool of a batch (Anthropic's budget) does not make every tool's records
 * then, most of which no caller reads.
 */
function addResultChange(state: ToolResultState, kind: TargetChangeKind, path: SchemaPath, message: string): void {
  if (state.changes !== undefined) state.changes.push({ kind, path: pointerOf(path), message });
  else {
    state.log ??= new ChangeLog();
    state.log.add(kind, path, message);
  }
}

/**
 * Which tools of a short list (20 at most, parsed) Anthropic strict tries strict first, from a
 * lower bound of each one's optional parameters (`strictOptionalPropertiesLowerBound`):
 * - `overBudget`: positions sure to hold more than the budget's 24 alone: converted non-strict.
 * - `wholeList`: the others' bounds fit the budget together, so the list may be strict whole:
 *   every one is converted strict, and those the budget then leaves out again non-strict
 *   (`keepAnthropicRequestBudget`).
 * - Otherwise `strict`: the positions that rank cheapest by their bound (then list order) while
 *   the bounds fit, converted strict; the others are converted non-strict, and the budget is kept
 *   as in a longer list (`applyAnthropicRequestBudget`, these as tried strict at once). A short
 *   list converted strict whole when it could not fit converted most of its tools twice (ten
 *   tools of 10 KB of unions: nine of ten); ranking by the bound converts each once where the
 *   bounds are the counts, as they mostly are.
 */
function shortListPlan(prepared: readonly Prepared[]): {
  overBudget: Set<number>;
  wholeList: boolean;
  strict: Set<number>;
} {
  const bounds = prepared.map((entry) =>
    strictOptionalPropertiesLowerBound(entry.raw, entry.booleanSchemas !== false, ANTHROPIC_MAX_OPTIONAL_PARAMETERS),
  );
  const overBudget = new Set<number>();
  const ranked: number[] = [];
  let sum = 0;
  bounds.forEach((bound, position) => {
    if (bound > ANTHROPIC_MAX_OPTIONAL_PARAMETERS) overBudget.add(position);
    else {
      ranked.push(position);
      sum += bound;
    }
  });
  const strict = new Set<number>();
  if (sum <= ANTHROPIC_MAX_OPTIONAL_PARAMETERS) return { overBudget, wholeList: true, strict };
  ranked.sort((a, b) => (bounds[a] as number) - (bounds[b] as number) || a - b);
  let taken = 0;
  for (const position of ranked) {
    const bound = bounds[position] as number;
    // Ranked by the bound: none after this one fits either.
    if (taken + bound > ANTHROPIC_MAX_OPTIONAL_PARAMETERS) break;
    taken += bound;
    strict.add(position);
  }
  return { overBudget, wholeList: false, strict };
}

/**
 * Anthropic's per-request strict limits: at most 20 strict tools, 24 optional and 16 union
 * parameters across them. Every tool arrives converted non-strict, but those `triedStrict`
 * (positions) sure to cost nothing, converted strict at once; the cheapest (fewest optional plus
 * union parameters in that schema, then list order) are converted strict while their strict
 * schemas fit what is left of the budget. The others stay non-strict, each with a warning saying
 * why: the budget, or what strict mode cannot express. A tool tried strict at once takes its turn
 * as any other: strict if it fits then, else converted again non-strict.
 */
function applyAnthropicRequestBudget<T extends ProviderTarget>(
  converted: ConvertedEntry<T>[],
  prepared: Prepared[],
  triedStrict: ReadonlySet<number>,
  options: Partial<ConvertToolsOptions<T>>,
  names: ToolNames,
  compile: (schema: unknown) => CompiledSchema,
): void {
  const candidates = converted
    .map((entry, position) => {
      const cost = measureStrictRequestCost(
        (entry.result.tool as WireTool<'anthropic'>).input_schema,
        entry.keyLists,
        !entry.result.strict,
      );
      return { position, optional: cost.optional, unions: cost.unions };
    })
    .sort((a, b) => a.optional + a.unions - (b.optional + b.unions) || a.position - b.position);
  let tools = 0;
  let optional = 0;
  let unions = 0;
  const fits = (cost: { optional: number; unions: number }) =>
    tools + 1 <= ANTHROPIC_MAX_STRICT_TOOLS &&
    optional + cost.optional <= ANTHROPIC_MAX_OPTIONAL_PARAMETERS &&
    unions + cost.unions <= ANTHROPIC_MAX_UNION_PARAMETERS;
  const take = (cost: { optional: number; unions: number }) => {
    tools++;
    optional += cost.optional;
    unions += cost.unions;
  };
  for (const candidate of candidates) {
    const previous = converted[candidate.position] as ConvertedEntry<T>;
    // Converted again under the name its first conversion gave it: strict, or forced non-strict.
    const convertAgain = (forceNonStrict: boolean) =>
      convertOne(
        prepared[candidate.position] as Prepared,
        'anthropic' as T,
        true,
        options,
        names,
        compile,
        forceNonStrict,
        previous.result.providerName,
      );
    if (triedStrict.has(candidate.position)) {
      if (fits(candidate)) {
        // Strict, its cost read from its strict schema; or what strict cannot express, said already.
        if (previous.result.strict) take(candidate);
        continue;
      }
      const loose = convertAgain(true);
      converted[candidate.position] = loose;
      budgetFallback(loose, candidate);
      continue;
    }
    let cost: { optional: number; unions: number } = candidate;
    if (fits(candidate)) {
      const strictEntry = convertAgain(false);
      if (!strictEntry.result.strict) {
        // Strict cannot express it: the fallback carries its own warning.
        converted[candidate.position] = strictEntry;
        continue;
      }
      cost = measureStrictRequestCost(
        (strictEntry.result.tool as WireTool<'anthropic'>).input_schema,
        strictEntry.keyLists,
      );
      if (fits(cost)) {
        converted[candidate.position] = strictEntry;
        take(cost);
        continue;
      }
    }
    budgetFallback(previous, cost);
  }
}

/**
 * Anthropic's per-request strict limits (see {@link applyAnthropicRequestBudget}) on a list that
 * was converted strict whole, 20 tools at most: the strict tools, cheapest first (fewest
 * optional plus union parameters in their strict schemas, then list order), keep strict while
 * they fit the budget; each of the others is converted again non-strict, under the same name,
 * with a warning saying why. Tools strict mode cannot express are non-strict already; so are
 * those sure to be over the budget alone (`outOfBudget`, their positions), which get the warning.
 */
function keepAnthropicRequestBudget<T extends ProviderTarget>(
  converted: ConvertedEntry<T>[],
  prepared: Prepared[],
  outOfBudget: readonly number[],
  options: Partial<ConvertToolsOptions<T>>,
  names: ToolNames,
  compile: (schema: unknown) => CompiledSchema,
): void {
  for (const position of outOfBudget) {
    const entry = converted[position] as ConvertedEntry<T>;
    budgetFallback(
      entry,
      measureStrictRequestCost((entry.result.tool as WireTool<'anthropic'>).input_schema, entry.keyLists, true),
    );
  }
  const candidates: { position: number; optional: number; unions: number }[] = [];
  let allOptional = 0;
  let allUnions = 0;
  converted.forEach((entry, position) => {
    if (!entry.result.strict) return;
    const cost = measureStrictRequestCost((entry.result.tool as WireTool<'anthropic'>).input_schema, entry.keyLists);
    candidates.push({ position, optional: cost.optional, unions: cost.unions });
    allOptional += cost.optional;
    allUnions += cost.unions;
  });
  // Most short lists fit whole: nothing to rank.
  if (allOptional <= ANTHROPIC_MAX_OPTIONAL_PARAMETERS && allUnions <= ANTHROPIC_MAX_UNION_PARAMETERS) return;
  candidates.sort((a, b) => a.optional + a.unions - (b.optional + b.unions) || a.position - b.position);
  let optional = 0;
  let unions = 0;
  for (const candidate of candidates) {
    // The list holds 20 tools at most: the count of strict tools always fits.
    if (
      optional + candidate.optional <= ANTHROPIC_MAX_OPTIONAL_PARAMETERS &&
      unions + candidate.unions <= ANTHROPIC_MAX_UNION_PARAMETERS
    ) {
      optional += candidate.optional;
      unions += candidate.unions;
      continue;
    }
    const loose = convertOne(
      prepared[candidate.position] as Prepared,
      'anthropic' as T,
      false,
      options,
      names,
      compile,
      false,
      (converted[candidate.position] as ConvertedEntry<T>).result.providerName,
    );
    converted[candidate.position] = loose;
    budgetFallback(loose, candidate);
  }
}

/** Says, as a warning and a change of a tool sent non-strict, that Anthropic's budget went to cheaper tools. */
function budgetFallback<T extends ProviderTarget>(
  entry: ConvertedEntry<T>,
  cost: { optional: number; unions: number },
): void {
  const message = `sent non-strict: Anthropic allows ${ANTHROPIC_MAX_STRICT_TOOLS} strict tools, ${ANTHROPIC_MAX_OPTIONAL_PARAMETERS} optional and ${ANTHROPIC_MAX_UNION_PARAMETERS} union parameters per request, and cheaper tools use them (this one has ${cost.optional} optional, ${cost.unions} union)`;
  entry.result.warnings.push({ path: '/inputSchema', message });
  addResultChange(entry.state, 'strict_fallback', INPUT_SCHEMA, message);
}

/** The options of the default (codex) conversion; {@link ConvertToolsOptions} with its default target. */
export type ConvertMcpToolsOptions = ConvertToolsOptions<'codex'>;
/** The result of the default (codex) conversion: Responses function tools. */
export type ConversionResult = ProviderConversion<'codex'>;
/** One tool of the default (codex) conversion. */
export type ConvertedTool = ProviderConvertedTool<'codex'>;
