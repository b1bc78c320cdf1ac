// MCP tools: a tools/list entry → ToolDefinition, with the call-result envelope (SPEC §2.3).
import { describeValue, optionsObject, prefixErrorPath, ToolSchemaError } from '../errors.js';
import { attachLazyState, lazyMember } from '../lazy-members.js';
import { type CompactionPassName, copyTallyFor, resolveCompactionOptions } from '../schema/compaction/driver.js';
import { checkTokenBudget, type TokenBudgetOptions } from '../schema/compaction/token-budget.js';
import {
  CopyState,
  copyJsonInput,
  copyObject,
  copyValue,
  countCopiedBytes,
  enterContainer,
  runCopy,
  type ValueCopier,
} from '../schema/copy.js';
import type { ToolSchemaExplanation } from '../schema/explain.js';
import { explainToolInputSchema } from '../schema/explain.js';
import type { JsonObject, JsonValue } from '../schema/json.js';
import { isJsonObject } from '../schema/json.js';
import type { KeyLists } from '../schema/key-lists.js';
import type { JsonSchema } from '../schema/model.js';
import type { ParseToolInputSchemaOptions } from '../schema/pipeline.js';
import {
  budgetBytesForTokens,
  compactPrunedToolInputSchema,
  leaveOutDroppedTables,
  parsePrunedToolInputSchema,
} from '../schema/pipeline.js';
import { acquireRefCollector, releaseRefCollector } from '../schema/ref-collection.js';
import { pruneWithCollectedRefs } from '../schema/refs.js';
import { copySanitizedMcpInputSchema, insertMcpRootProperties } from '../schema/sanitize.js';
import type { ToolDefinition } from './definition.js';

/** The description limit of the reference's plugin profile, in UTF-8 bytes. */
export const MCP_PLUGIN_DESCRIPTION_LIMIT_BYTES = 1_000;

/**
 * A `tools/list` entry. The MCP SDK's `Tool` type is assignable to it; it is looser on purpose,
 * since real servers send schemas the SDK's own validation rejects.
 */
export interface McpToolLike {
  name: string;
  description?: string | undefined;
  inputSchema?: unknown;
  outputSchema?: unknown;
}

/** Options of {@link parseMcpTool}. */
export interface ParseMcpToolOptions extends ParseToolInputSchemaOptions {
  /** Cut descriptions to at most this many UTF-8 bytes, on a character boundary. */
  descriptionLimit?: number;
}

/** How {@link parseMcpToolWithReport} runs the pipeline on the input schema. */
export interface McpToolReportOptions extends ParseMcpToolOptions {
  /**
   * Run the pipeline through `explainToolInputSchema` and return its report: every change by path,
   * for a caller that shows what the model loses (one run, not a parse and an explain).
   */
  explain?: boolean;
  /** Also return the sanitized, pruned and compacted JSON before decode (provider targets start there). */
  keepRaw?: boolean;
}

/** A parsed MCP tool with the compaction passes its input schema went through. */
export interface ParsedMcpTool {
  definition: ToolDefinition;
  compactionPasses: CompactionPassName[];
  /** With `explain`: what each stage did to the input schema. */
  explanation?: ToolSchemaExplanation;
  /** With `keepRaw`: the input schema after sanitize, prune and compaction, before decode. */
  raw?: JsonValue;
  /**
   * The compact JSON bytes of the tool's `inputSchema` as read (counted by the copy that reads
   * it, so the size costs no second walk); absent without an `inputSchema`, and with `explain`.
   */
  inputBytes?: number;
}

/**
 * Returns the longest prefix of `text` that is at most `maxBytes` UTF-8 bytes and ends on a
 * character boundary (a surrogate pair is never split). No ellipsis is added.
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (typeof text !== 'string') throw new ToolSchemaError('invalid_option', ['text'], 'text must be a string');
  if (typeof maxBytes !== 'number' || Number.isNaN(maxBytes))
    throw new ToolSchemaError(
      'invalid_option',
      ['maxBytes'],
      `maxBytes must be a number, found ${describeValue(maxBytes)}`,
    );
  let bytes = 0;
  let end = 0;
  while (end < text.length) {
    const code = text.codePointAt(end) as number;
    const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes + width > maxBytes) break;
    bytes += width;
    end += code > 0xffff ? 2 : 1;
  }
  return text.slice(0, end);
}

/**
 * The schema of an MCP `tools/call` result, around the tool's own output schema.
 * - `structuredContent` is the tool's `outputSchema` verbatim (not sanitized), `{}` when absent.
 */
export function mcpCallResultOutputSchema(structuredContent: JsonValue = {}): JsonObject {
  return {
    type: 'object',
    properties: {
      content: { type: 'array', items: { type: 'object' } },
      structuredContent,
      isError: { type: 'boolean' },
      _meta: { type: 'object' },
    },
    required: ['content'],
    additionalProperties: false,
  };
}

/**
 * The raw input schema an MCP tool's pipeline starts from: a copy of `inputSchema` with root
 * `properties: {}` inserted when missing (SPEC §2.3 step 1). Feed it to `explainToolInputSchema`
 * to see what the model loses of an MCP tool.
 */
export function prepareMcpInputSchema(inputSchema: unknown): JsonValue {
  return insertMcpRootProperties(inputSchema === undefined ? null : copyJsonInput(inputSchema));
}

/** What the copy of one tool learned of its `inputSchema`: the bytes it read (undefined: none), and whether its strings and keys were all plain ASCII with nothing to escape. */
interface CopiedInputSchema {
  bytes: number | undefined;
  plainText: boolean;
}

/**
 * A copier for a tool (the root) or a member of it: `inputSchema` is sanitized, and with `count`
 * measured, as it is copied, and what was learned goes into `learned` (state of this copy, not of
 * the module).
 */
function toolCopier(learned: CopiedInputSchema, count: boolean): ValueCopier {
  const copyToolMember: ValueCopier = (value, depth, state, key) => {
    if (depth === 0) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return copyValue(value, depth, state);
      enterContainer(value, depth, state);
      return copyObject(value, depth, state, copyToolMember);
    }
    if (depth !== 1 || key !== 'inputSchema') return copyValue(value, depth, state);
    if (!count) return copySanitizedMcpInputSchema(value, depth, state);
    const counted = countCopiedBytes(state, () => copySanitizedMcpInputSchema(value, depth, state));
    learned.bytes = counted.bytes;
    learned.plainText = counted.plainText;
    return counted.value;
  };
  return copyToolMember;
}

/**
 * Turns an MCP `tools/list` entry into a {@link ToolDefinition}.
 * - A root `inputSchema` without `properties` (or with `properties: null`) gets `properties: {}`
 *   first, so a typeless root becomes an object and keeps its description.
 * - `inputSchema` goes through the default pipeline; errors come back under `/inputSchema`.
 * - `outputSchema` is the call-result envelope around the tool's output schema.
 * - A missing description is `""`; with `descriptionLimit` it is cut on a character boundary.
 * - Never deferred; the caller decides that when building the wire shape.
 */
export function parseMcpTool(tool: McpToolLike, options?: ParseMcpToolOptions): ToolDefinition {
  return parseMcpToolWithReport(tool, options).definition;
}

/** Runs the pipeline on a tool's input schema the way the options ask; errors as the parse throws them. */
function runInputSchemaPipeline(
  tool: McpToolLike,
  options: McpToolReportOptions,
  countInput: boolean,
  lazyModel: boolean,
  /** Root tables compaction is sure to drop may be left out of the copy (see `CopyState.rootTablesDroppedPast`). */
  leaveOut = true,
): {
  raw: JsonObject & { name: string };
  /** Undefined only with `lazyModel` (see {@link parseMcpToolWithFacts}): `report.raw` decodes to it. */
  schema: JsonSchema | undefined;
  compactionPasses: CompactionPassName[];
  report: Partial<ParsedMcpTool>;
  repairHint: boolean;
  /** Key lists that hold for `report.raw` (see `key-lists.ts`), for the conversion that reads it next. */
  keyLists?: KeyLists | undefined;
  /** The refs to a schema's place the copy met (see `CopyState.pathRefs`), for the conversion. */
  pathRefs?: readonly string[] | undefined;
  /**
   * What the copy measured of the model, when its measure holds: its deepest schema object, as
   * decode counts depth (the root is 0), and a lower bound on its bytes. Compaction only removes,
   * so both bound the prepared schema from above.
   */
  modelSize?: { depth: number; bytes: number } | undefined;
  /** Whether the copy replaced a boolean schema (see `CopyState.booleanSchemas`), for the conversion. */
  booleanSchemas?: boolean | undefined;
} {
  if (options.explain === true) {
    const raw = copyJsonInput(tool);
    checkToolShape(raw, options);
    const explanation = explainToolInputSchema(insertMcpRootProperties(raw.inputSchema ?? null), options);
    if (explanation.error !== undefined) throw prefixErrorPath(explanation.error, ['inputSchema']);
    const compactionPasses = explanation.compaction?.passes.map((pass) => pass.name) ?? [];
    const report: Partial<ParsedMcpTool> = { explanation };
    if (options.keepRaw === true) report.raw = explanation.decoded;
    const schema = explanation.final as ParsedMcpTool['definition']['inputSchema'];
    return { raw, schema, compactionPasses, report, repairHint: true };
  }
  // One walk copies the tool, and sanitizes and measures its input schema (root `properties`
  // inserted first), noting the refs pruning follows.
  const learned: CopiedInputSchema = { bytes: undefined, plainText: false };
  const state = new CopyState();
  // Only a provider conversion (which keeps the raw copy) reads them.
  state.notePathRefs = options.keepRaw === true;
  const refs = acquireRefCollector();
  // The copy measures the model too: the budget's first verdict is not a walk of its own.
  // It lists the text as it counts while the schema may still fit: an open verdict scans that.
  const tally = copyTallyFor(options.budgetBytes);
  state.tally = tally;
  if (leaveOut) leaveOutDroppedTables(state, tally, options);
  try {
    state.refs = refs;
    const raw = runCopy(tool, toolCopier(learned, countInput), state);
    if (state.mustCopyWhole(refs.exact)) {
      // The measure cannot vouch that the schema decodes without what was left out (or no root
      // table is left for pass 2): the tool is copied again, whole (see `parseToolInputSchema`).
      return runInputSchemaPipeline(tool, options, countInput, lazyModel, false);
    }
    checkToolShape(raw, options);
    // Plain text makes the compaction budget's bounds exact (no scan of the model's strings).
    const plainText = learned.plainText;
    let parsed: ReturnType<typeof compactPrunedToolInputSchema>;
    try {
      const pruned = pruneWithCollectedRefs(raw.inputSchema ?? null, refs);
      // Pruning that walked may have removed table entries: the copy's lists and measure no longer hold.
      const keyLists = refs.exact ? state.keyLists : undefined;
      const copyTally = refs.exact && state.tallyHolds ? tally : undefined;
      parsed =
        lazyModel && options.keepRaw === true
          ? compactPrunedToolInputSchema(pruned, options, plainText, keyLists, copyTally, state.collapsedByCopy)
          : parsePrunedToolInputSchema(
              pruned,
              options,
              options.keepRaw === true,
              plainText,
              keyLists,
              copyTally,
              state.collapsedByCopy,
            );
    } catch (error) {
      throw error instanceof ToolSchemaError ? prefixErrorPath(error, ['inputSchema']) : error;
    }
    const report: Partial<ParsedMcpTool> = options.keepRaw === true ? { raw: parsed.raw } : {};
    if (learned.bytes !== undefined) report.inputBytes = learned.bytes;
    return {
      raw,
      schema: parsed.schema,
      compactionPasses: parsed.compactionPasses,
      report,
      repairHint: state.repairHint,
      keyLists: options.keepRaw === true ? parsed.keyLists : undefined,
      pathRefs: options.keepRaw === true ? state.pathRefs : undefined,
      booleanSchemas: options.keepRaw === true ? state.booleanSchemas : undefined,
      modelSize:
        options.keepRaw === true && refs.exact && state.tallyHolds
          ? { depth: tally.facts.maxDepth, bytes: tally.bytes }
          : undefined,
    };
  } finally {
    releaseRefCollector(refs);
  }
}

/**
 * Checks the options that shape every tool of a batch (compaction, the description limit, a token
 * budget), once, at a batch's entry: a bad option is the caller's mistake, said once with its own
 * path, not each tool's failure under `/inputSchema/…`. Throws {@link ToolSchemaError}
 * (`invalid_option`).
 */
export function checkMcpToolOptions(options: ParseMcpToolOptions & TokenBudgetOptions): void {
  resolveCompactionOptions(options);
  checkDescriptionLimit(options);
  checkTokenBudget(options);
}

function checkDescriptionLimit(options: ParseMcpToolOptions): void {
  const limit = options.descriptionLimit;
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 0)) {
    throw new ToolSchemaError(
      'invalid_option',
      ['descriptionLimit'],
      `expected a non-negative integer, found ${limit}`,
    );
  }
}

/** The tool's own fields, checked before its schema is walked: a name, a string description, a valid limit. */
function checkToolShape(raw: JsonValue, options: ParseMcpToolOptions): asserts raw is JsonObject & { name: string } {
  if (!isJsonObject(raw) || typeof raw.name !== 'string') {
    throw new ToolSchemaError('invalid_tool', [], 'an MCP tool must be an object with a string name');
  }
  if (typeof (raw.description ?? '') !== 'string') {
    throw new ToolSchemaError('invalid_tool', ['description'], 'description must be a string');
  }
  checkDescriptionLimit(options);
}

/**
 * The tokens a tool's wire JSON spends besides its parameters (type, name, description — cut to
 * the description limit — and punctuation), counted on the Responses shape.
 */
function toolOverheadTokens(tool: McpToolLike, options: ParseMcpToolOptions & TokenBudgetOptions): number {
  const count = options.countTokens;
  if (typeof count !== 'function') return 0;
  const name = typeof tool.name === 'string' ? tool.name : '';
  const raw = typeof tool.description === 'string' ? tool.description : '';
  const limit = options.descriptionLimit;
  const description = limit === undefined || !Number.isSafeInteger(limit) || limit < 0 ? raw : truncateUtf8(raw, limit);
  return count(JSON.stringify({ type: 'function', name, description, strict: false, parameters: {} }));
}

/** {@link parseMcpTool}, also returning the compaction passes that ran on the input schema (and, on request, more). */
export function parseMcpToolWithReport(tool: McpToolLike, input?: McpToolReportOptions): ParsedMcpTool {
  const facts = parseMcpToolWithFacts(tool, input);
  return parsedTool(facts.definition ?? definitionDecodingOnRead(facts), facts.compactionPasses, facts.report);
}

/** What a definition made when read ({@link definitionDecodingOnRead}) is made from. */
export interface DefinitionParts {
  /** The definition's name and description (cut to the limit), and the tool's own `outputSchema` (its copy). */
  name: string;
  description: string;
  structuredContent: JsonValue;
  /** The definition's model: parsed once more from the tool when first called with `lazyModel`. */
  model: () => JsonSchema;
}

/** What {@link parseMcpToolWithFacts} learned of a tool (not public). */
export interface McpToolFacts extends DefinitionParts {
  /** The tool's definition, made by the parse; undefined with `lazyModel`: see {@link definitionDecodingOnRead}. */
  definition: ToolDefinition | undefined;
  compactionPasses: CompactionPassName[];
  /** The report's members (`raw`, `explanation`, `inputBytes`), as {@link ParsedMcpTool} has them. */
  report: Partial<ParsedMcpTool>;
  repairHint: boolean;
  keyLists: KeyLists | undefined;
  pathRefs: readonly string[] | undefined;
  modelSize: { depth: number; bytes: number } | undefined;
  booleanSchemas: boolean | undefined;
}

/**
 * {@link parseMcpToolWithReport}, with what the copy learned for the library's own use (not
 * public): whether it saw anything a server-bug repair may be for (true when unknown: with
 * `explain`).
 * - `countInput: false`: the copy counts nothing (no `inputBytes`, and the budget's bounds are
 *   settled by a scan where they do not decide): the count scans every string and key, a sixth
 *   of a provider conversion's time on the corpus, for a caller (`convertMcpTools`) that measures
 *   the input only if its size is read.
 * - `lazyModel` (with `keepRaw`): no definition is made, for a caller that starts from the raw
 *   value (`convertMcpTools`, whose provider targets never read the model: building it was a
 *   tenth of a conversion, and the definition with its two lazy members a tenth of converting a
 *   small tool). The caller makes it when it is read ({@link definitionDecodingOnRead}), and its
 *   `inputSchema` is then the model the parse would have built from the tool as it is when that
 *   is read (as `inputBytes` measures it); assigning it replaces it.
 * - `keyLists`: with `keepRaw`, the key lists of the copy's large tables that still hold for
 *   `report.raw` (see `key-lists.ts`), for the conversion that reads it next and changes nothing in it.
 * - `pathRefs`: with `keepRaw`, the refs to a schema's place the copy met (see `CopyState.pathRefs`).
 */
export function parseMcpToolWithFacts(
  tool: McpToolLike,
  input?: McpToolReportOptions,
  countInput = true,
  lazyModel = false,
): McpToolFacts {
  let options = optionsObject(input);
  if (options.budgetTokens !== undefined && typeof tool === 'object' && tool !== null) {
    // A token budget becomes this tool's byte budget; a malformed tool is reported by the run below.
    let budgetBytes: number | undefined;
    try {
      // The budget is for the whole tool: what its name and description take is not the schema's.
      // One that is no number is reported as the options' error by the budget's search.
      const given = options.budgetTokens;
      const budgetTokens = typeof given === 'number' ? Math.max(0, given - toolOverheadTokens(tool, options)) : given;
      budgetBytes = budgetBytesForTokens(prepareMcpInputSchema(tool.inputSchema), { ...options, budgetTokens });
    } catch (error) {
      if (!(error instanceof ToolSchemaError) || error.code === 'invalid_option') throw error;
    }
    if (budgetBytes !== undefined) options = Object.assign({}, options, { budgetBytes, budgetTokens: undefined });
  }
  const { raw, schema, compactionPasses, report, repairHint, keyLists, pathRefs, modelSize, booleanSchemas } =
    runInputSchemaPipeline(tool, options, countInput, lazyModel);
  const given = (raw.description ?? '') as string;
  const limit = options.descriptionLimit;
  const name = raw.name;
  const description = limit === undefined ? given : truncateUtf8(given, limit);
  const structuredContent = raw.outputSchema ?? {};
  if (schema !== undefined) {
    const outputSchema = mcpCallResultOutputSchema(structuredContent);
    return {
      definition: { name, description, inputSchema: schema, outputSchema, deferLoading: false },
      name,
      description,
      structuredContent,
      compactionPasses,
      report,
      repairHint,
      model: () => schema,
      keyLists,
      pathRefs,
      modelSize,
      booleanSchemas,
    };
  }
  // The model, parsed once more from the tool when first read (whatever the caller assigns to
  // the definition): holding each tool's raw value until then kept a quarter more of a strict
  // batch alive, which cost its garbage collections more than decoding every model had.
  let parsedModel: JsonSchema | undefined;
  const model = (): JsonSchema => {
    parsedModel ??= runInputSchemaPipeline(tool, Object.assign({}, options, { keepRaw: false }), false, false)
      .schema as JsonSchema;
    return parsedModel;
  };
  return {
    definition: undefined,
    name,
    description,
    structuredContent,
    compactionPasses,
    report,
    repairHint,
    model,
    keyLists,
    pathRefs,
    modelSize,
    booleanSchemas,
  };
}

/**
 * `{definition, compactionPasses, ...report}`, written out: a spread after other keys takes V8's
 * slow path, and the object it makes is slow to read too (a twentieth of converting a small tool).
 */
function parsedTool(
  definition: ToolDefinition,
  compactionPasses: CompactionPassName[],
  report: Partial<ParsedMcpTool>,
): ParsedMcpTool {
  const parsed: ParsedMcpTool = { definition, compactionPasses };
  if (Object.hasOwn(report, 'explanation')) parsed.explanation = report.explanation;
  if (Object.hasOwn(report, 'raw')) parsed.raw = report.raw;
  if (Object.hasOwn(report, 'inputBytes')) parsed.inputBytes = report.inputBytes;
  return parsed;
}

/** What a definition's lazy members read (see {@link definitionDecodingOnRead}). */
interface DefinitionState {
  model: () => JsonSchema;
  assigned: JsonSchema | undefined;
  /** The tool's own `outputSchema` (its copy), for the call-result schema made when first read. */
  structuredContent: JsonValue;
  outputSchema: JsonValue | undefined;
}

/** `inputSchema`: `model()` until assigned (see `lazy-members.ts` for why not a getter per definition). */
const DEFINITION_INPUT_SCHEMA = lazyMember<DefinitionState, JsonSchema>(
  (state) => state.assigned ?? state.model(),
  (state, value) => {
    state.assigned = value;
  },
);

/**
 * `outputSchema`: the call-result schema, made when first read, until assigned. A provider
 * conversion keeps every definition until it returns, and this schema of eight objects, which
 * nothing in a conversion reads, was an eighth of the objects each result kept alive.
 */
const DEFINITION_OUTPUT_SCHEMA = lazyMember<DefinitionState, JsonValue>(
  (state) => {
    state.outputSchema ??= mcpCallResultOutputSchema(state.structuredContent);
    return state.outputSchema;
  },
  (state, value) => {
    state.outputSchema = value;
  },
);

/**
 * A definition whose `inputSchema` is `model()` until assigned, and whose `outputSchema` is made
 * when first read: ordinary enumerable, writable members to their readers (spread,
 * `JSON.stringify`, assignment), in the same key order as a parsed definition's.
 */
export function definitionDecodingOnRead(parts: DefinitionParts): ToolDefinition {
  // Read member by member: the parts are often a larger object (the parse's facts, a prepared
  // tool), which the definition must not keep alive.
  const definition = { name: parts.name, description: parts.description } as ToolDefinition;
  const state: DefinitionState = {
    model: parts.model,
    assigned: undefined,
    structuredContent: parts.structuredContent,
    outputSchema: undefined,
  };
  attachLazyState(definition, state);
  // One call a member: `Object.defineProperties` with a map of two was a third slower here.
  Object.defineProperty(definition, 'inputSchema', DEFINITION_INPUT_SCHEMA);
  Object.defineProperty(definition, 'outputSchema', DEFINITION_OUTPUT_SCHEMA);
  definition.deferLoading = false;
  return definition;
}
