// toolschema normalize: the final schema as JSON.
import { parseToolInputSchema, parseToolInputSchemaWithoutCompaction } from '../../schema/pipeline.js';
import { commandOutput } from '../command.js';
import { readJsonInput } from '../io.js';
import { loadTokenCounter } from '../tokens.js';
/** Reads one schema and prints what the model will see; a rejected schema throws ToolSchemaError. */
export async function normalize(options, io) {
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
//# sourceMappingURL=normalize.js.map