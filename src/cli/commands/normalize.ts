// toolschema normalize: the final schema as JSON.

import type { JsonSchema } from '../../schema/model.js';
import { parseToolInputSchema, parseToolInputSchemaWithoutCompaction } from '../../schema/pipeline.js';
import type { CommandIO } from '../io.js';
import { readJsonInput } from '../io.js';

/** Options of {@link normalize}. */
export interface NormalizeCommandOptions {
  file: string | undefined;
  compaction: boolean;
  budgetBytes: number | undefined;
}

/** Reads one schema and returns what the model will see; throws ToolSchemaError when it is rejected. */
export async function normalize(options: NormalizeCommandOptions, io: CommandIO): Promise<JsonSchema> {
  const { value } = await readJsonInput(options.file, io);
  if (!options.compaction) return parseToolInputSchemaWithoutCompaction(value);
  return parseToolInputSchema(value, options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes });
}
