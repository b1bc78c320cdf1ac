// The public surface of toolschema: named re-exports only.
export type { JsonPathSegments, ToolSchemaErrorCode } from './errors.js';
export { ToolSchemaError, toJsonPointer } from './errors.js';
export type {
  CompactionOptions,
  CompactionPass,
  CompactionPassName,
  CompactionPassRecord,
  CompactionReport,
} from './schema/compact.js';
export {
  COLLAPSE_SCHEMA_DEPTH,
  collapseDeepSchemaObjects,
  compactLargeToolSchema,
  dropDefinitionRefs,
  LARGE_SCHEMA_COMPACTION_PASSES,
  MAX_COMPACT_SCHEMA_BYTES,
  pruneCompositions,
  stripDescriptions,
} from './schema/compact.js';
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
