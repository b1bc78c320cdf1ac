// The public surface of toolschema: named re-exports only.
export type { JsonPathSegments, ToolSchemaErrorCode } from './errors.js';
export { ToolSchemaError, toJsonPointer } from './errors.js';
export type { UncheckedPattern } from './linear-regexp.js';
export type {
  FallbackOptions,
  ResultGuarantee,
  ResultSource,
  StrictSource,
  StructuredFailure,
  StructuredResult,
  StructuredResultDecoder,
  StructuredResultDecoderOptions,
  StructuredSuccess,
  TextFallbackSuccess,
} from './output/decode.js';
export { createStructuredResultDecoder } from './output/decode.js';
export {
  extractFencedCodeBlocks,
  findFirstJsonObject,
  findObjectSpans,
  MAX_EMBEDDED_JSON_CANDIDATES,
  MAX_FENCED_CODE_CANDIDATES,
} from './output/json-scan.js';
export type { RequestTool, ResponsesRequestBody, ResponsesRequestOptions } from './output/request.js';
export { compileResponsesRequest } from './output/request.js';
export type {
  ResponsesOutputContentPart,
  ResponsesOutputItem,
  ResponsesOutputMessage,
  ResponsesResponse,
  ResponsesStreamEvent,
} from './output/responses-wire.js';
export type { StructuredStreamDecoder, StructuredStreamState } from './output/stream.js';
export { createStructuredStreamDecoder, decodeResponse, decodeResponseStream } from './output/stream.js';
export type { StrictViolation } from './output/strict.js';
export { checkStrictOutputSchema } from './output/strict.js';
export type { JsonSchemaTextFormat, TextControls, TextControlsOptions, Verbosity } from './output/text-controls.js';
export { createTextControls, DEFAULT_OUTPUT_SCHEMA_NAME, OUTPUT_SCHEMA_NAME_PATTERN } from './output/text-controls.js';
export type { ResultSchema, ResultValidator, ValidationIssue, ValidationOutcome } from './output/validator.js';
export { createResultValidator, isStandardSchema } from './output/validator.js';
export type { TargetChange, TargetChangeKind } from './providers/changes.js';
export type {
  ConversionResult,
  ConversionSummary,
  ConvertedTool,
  ConvertMcpToolsOptions,
  ConvertToolsOptions,
  FailedTool,
  ProviderConversion,
  ProviderConversionSummary,
  ProviderConvertedTool,
  ToolWarning,
} from './providers/convert-tools.js';
export { convertMcpTools, OPENAI_CHAT_MAX_DESCRIPTION_CHARS } from './providers/convert-tools.js';
export {
  GEMINI_TOOL_NAME,
  MAX_PROVIDER_NAME_LENGTH,
  NAMESPACE_SEPARATOR,
  OPENAI_TOOL_NAME,
  providerToolName,
} from './providers/names.js';
export type { PreflightFinding } from './providers/preflight.js';
export { GEMINI_MAX_FUNCTION_DECLARATIONS, OPENAI_MAX_TOOLS, preflightTools } from './providers/preflight.js';
export type {
  RejectedToolCall,
  ResolvedToolCall,
  ToolCallResolution,
  ValidationTarget,
} from './providers/resolve-call.js';
export { DEFAULT_MAX_ARGUMENT_BYTES } from './providers/resolve-call.js';
export {
  ANTHROPIC_MAX_OPTIONAL_PARAMETERS,
  ANTHROPIC_MAX_STRICT_TOOLS,
  ANTHROPIC_MAX_UNION_PARAMETERS,
  OPENAI_STRICT_MAX_DEPTH,
  OPENAI_STRICT_MAX_ENUM_VALUES,
  OPENAI_STRICT_MAX_NAME_CHARS,
  OPENAI_STRICT_MAX_PROPERTIES,
} from './providers/strict-limits.js';
export type { ConvertedTarget, ProviderTarget } from './providers/targets/registry.js';
export { PROVIDER_TARGETS } from './providers/targets/registry.js';
export type {
  AnthropicTool,
  GeminiFunctionDeclaration,
  GeminiJsonSchemaFunctionDeclaration,
  GeminiSchema,
  GeminiType,
  OpenAIChatTool,
  OpenAIResponsesTool,
  WireTool,
  WireToolByTarget,
} from './providers/wire.js';
export type {
  CompactionOptions,
  CompactionPass,
  CompactionPassName,
  CompactionPassRecord,
  CompactionReport,
} from './schema/compaction/driver.js';
export {
  compactLargeToolSchema,
  LARGE_SCHEMA_COMPACTION_PASSES,
  MAX_COMPACT_SCHEMA_BYTES,
} from './schema/compaction/driver.js';
export type { PassResult } from './schema/compaction/reference-passes.js';
export {
  COLLAPSE_SCHEMA_DEPTH,
  collapseDeepSchemaObjects,
  dropDefinitionRefs,
  pruneCompositions,
  stripDescriptions,
} from './schema/compaction/reference-passes.js';
export { copyJsonInput, MAX_INPUT_DEPTH } from './schema/copy.js';
export { decodeToolInputSchema } from './schema/decode.js';
export type {
  ExplainOptions,
  PipelineStage,
  SchemaChange,
  SchemaChangeKind,
  ToolSchemaExplanation,
} from './schema/explain.js';
export { explainToolInputSchema } from './schema/explain.js';
export type { JsonObject, JsonValue } from './schema/json.js';
export type {
  AdditionalProperties,
  JsonSchema,
  JsonSchemaType,
  ObjectSchemaOptions,
  SchemaAnnotations,
} from './schema/model.js';
export {
  allOfSchema,
  anyOfSchema,
  arraySchema,
  booleanSchema,
  encryptedSchema,
  integerSchema,
  JSON_SCHEMA_KEYS,
  JSON_SCHEMA_TYPES,
  nullSchema,
  numberSchema,
  objectSchema,
  oneOfSchema,
  stringEnumSchema,
  stringSchema,
} from './schema/model.js';
export type { ParseToolInputSchemaOptions } from './schema/pipeline.js';
export { parseToolInputSchema, parseToolInputSchemaWithoutCompaction } from './schema/pipeline.js';
export type { DefinitionTable, LocalDefinitionRef, PruneReport } from './schema/refs.js';
export { parseLocalDefinitionRef, pruneUnreachableDefinitions } from './schema/refs.js';
export { sanitizeJsonSchema } from './schema/sanitize.js';
export { jsonByteLength } from './schema/size.js';
export type { SchemaWarning } from './schema/warnings.js';
export { findSchemaWarnings } from './schema/warnings.js';

export type { ToolDefinition } from './tools/definition.js';
export type { DynamicToolSpec } from './tools/dynamic.js';
export { parseDynamicTool } from './tools/dynamic.js';
export type { IdentifierKind } from './tools/identifier.js';
export {
  DIAGNOSTIC_VALUE_MAX_CHARS,
  identifierProblem,
  MAX_NAMESPACE_DESCRIPTION_LENGTH,
  MAX_NAMESPACE_NAME_LENGTH,
  MAX_TOOL_NAME_LENGTH,
  quoteForDiagnostic,
  validateNamespaceDescription,
  validateNamespaceIdentifier,
  validateToolIdentifier,
} from './tools/identifier.js';
export type { McpToolLike, ParsedMcpTool, ParseMcpToolOptions } from './tools/mcp.js';
export {
  MCP_PLUGIN_DESCRIPTION_LIMIT_BYTES,
  mcpCallResultOutputSchema,
  parseMcpTool,
  parseMcpToolWithReport,
  prepareMcpInputSchema,
  truncateUtf8,
} from './tools/mcp.js';
export type {
  ResponsesFunctionTool,
  ResponsesNamespaceTool,
  ResponsesTool,
  ToolNamespace,
} from './tools/responses.js';
export {
  defaultNamespaceDescription,
  mergeResponsesNamespaces,
  toDeferredResponsesApiTool,
  toResponsesApiTool,
  toResponsesNamespaceTool,
} from './tools/responses.js';
export type { ToolSearch, ToolSearchHit, ToolSearchOptions } from './tools/search.js';
export {
  createToolSearch,
  DEFAULT_TOOL_SEARCH_LIMIT,
  normalizeSearchTerm,
  tokenizeToolText,
  toolSearchText,
} from './tools/search.js';
