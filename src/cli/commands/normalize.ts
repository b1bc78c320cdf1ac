// toolschema normalize: the final schema as JSON.

import type { CompactionPolicy } from '../../schema/compaction/driver.js';
import { parseToolInputSchema, parseToolInputSchemaWithoutCompaction } from '../../schema/pipeline.js';
import { type CommandOutput, commandOutput } from '../command.js';
import type { CommandIO } from '../io.js';
import { readJsonInput } from '../io.js';
import { loadTokenCounter } from '../tokens.js';

/** Options of {@link normalize}. */
export interface NormalizeCommandOptions {
  file: string | undefined;
  compaction: boolean;
  budgetBytes: number | undefined;
  compactionPolicy: CompactionPolicy;
  /** A budget in o200k tokens instead of bytes. */
  budgetTokens: number | undefined;
  pretty: boolean;
}

/** Reads one schema and prints what the model will see; a rejected schema throws ToolSchemaError. */
export async function normalize(options: NormalizeCommandOptions, io: CommandIO): Promise<CommandOutput> {
  const { value } = await readJsonInput(options.file, io);
  const countTokens = options.budgetTokens === undefined ? undefined : await loadTokenCounter();
  const schema = !options.compaction
    ? parseToolInputSchemaWithoutCompaction(value)
    : parseToolInputSchema(value, {
        compactionPolicy: options.compactionPolicy,
        ...(options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes }),
        ...(countTokens === undefined ? {} : { budgetTokens: options.budgetTokens, countTokens }),
      });
  return commandOutput([JSON.stringify(schema, null, options.pretty ? 2 : undefined)]);
}
