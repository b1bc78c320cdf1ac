// toolschema explain: what each stage of the pipeline did to one schema.
import { explainToolInputSchema, type ToolSchemaExplanation } from '../../schema/explain.js';
import { jsonByteLength } from '../../schema/size.js';
import type { CommandIO } from '../io.js';
import { readJsonInput } from '../io.js';

/** Options of {@link explain}. */
export interface ExplainCommandOptions {
  file: string | undefined;
  compaction: boolean;
  budgetBytes: number | undefined;
}

/** The explanation with the input's label and size, for rendering. */
export interface ExplainResult {
  label: string;
  inputBytes: number | undefined;
  explanation: ToolSchemaExplanation;
}

/** Reads one schema and explains it. */
export async function explain(options: ExplainCommandOptions, io: CommandIO): Promise<ExplainResult> {
  const { value, label } = await readJsonInput(options.file, io);
  const explanation = explainToolInputSchema(value, {
    compaction: options.compaction,
    ...(options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes }),
  });
  const inputBytes = explanation.input === undefined ? undefined : jsonByteLength(explanation.input);
  return { label, inputBytes, explanation };
}
