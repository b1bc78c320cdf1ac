// toolschema explain: what each stage of the pipeline did to one schema.

import type { CompactionPolicy } from '../../schema/compaction/driver.js';
import { explainToolInputSchema, type ToolSchemaExplanation } from '../../schema/explain.js';
import { jsonByteLength } from '../../schema/size.js';
import { type CommandOutput, commandOutput } from '../command.js';
import { EXIT_OK, EXIT_SOME_FAILED } from '../exit-error.js';
import type { CommandIO } from '../io.js';
import { readJsonInput } from '../io.js';
import { printableData } from '../printable.js';
import { renderExplain } from '../render.js';
import { paintFor } from '../style.js';
import { loadTokenCounter } from '../tokens.js';

/** Options of {@link explain}. */
export interface ExplainCommandOptions {
  /** The schema files (`-` for stdin), each explained in turn. */
  files: string[];
  compaction: boolean;
  budgetBytes: number | undefined;
  compactionPolicy: CompactionPolicy;
  /** A budget in o200k tokens instead of bytes. */
  budgetTokens: number | undefined;
  /** Print the `explainToolInputSchema` result as JSON instead of the text report. */
  json: boolean;
}

/** The explanation with the input's label and size, for rendering. */
export interface ExplainResult {
  label: string;
  inputBytes: number | undefined;
  explanation: ToolSchemaExplanation;
  /** o200k tokens of the input and of the final schema, when counted. */
  tokens?: { input: number | undefined; final: number | undefined };
}

/** The explanation as JSON: the error as `{code, path, message}` rather than an Error object. */
export function explanationJson(explanation: ToolSchemaExplanation): unknown {
  const { error, ...rest } = explanation;
  return { ...rest, error: error && { code: error.code, path: error.path, message: error.message } };
}

/** The text report or the JSON of one explanation, and exit 1 when the schema was rejected. */
export function explainOutput(result: ExplainResult, json: boolean, io: CommandIO): CommandOutput {
  const text = json
    ? JSON.stringify(
        {
          ...(explanationJson(result.explanation) as object),
          ...(result.tokens === undefined ? {} : { tokens: result.tokens }),
        },
        null,
        2,
      )
    : renderExplain(printableData(result), paintFor(io.stdout, io.env));
  return { ...commandOutput([text], [], result.explanation.ok ? EXIT_OK : EXIT_SOME_FAILED), styled: !json };
}

/** Reads one schema and explains it. */
async function explainOne(file: string, options: ExplainCommandOptions, io: CommandIO): Promise<CommandOutput> {
  const { value, label } = await readJsonInput(file, io);
  const countTokens = await loadTokenCounter();
  const explanation = explainToolInputSchema(value, {
    compaction: options.compaction,
    compactionPolicy: options.compactionPolicy,
    ...(options.budgetBytes === undefined ? {} : { budgetBytes: options.budgetBytes }),
    ...(options.budgetTokens === undefined ? {} : { budgetTokens: options.budgetTokens, countTokens }),
  });
  const inputBytes = explanation.input === undefined ? undefined : jsonByteLength(explanation.input);
  const tokens = {
    input: explanation.input === undefined ? undefined : countTokens(JSON.stringify(explanation.input)),
    final: explanation.final === undefined ? undefined : countTokens(JSON.stringify(explanation.final)),
  };
  return explainOutput({ label, inputBytes, explanation, tokens }, options.json, io);
}

/**
 * Explains each schema file in turn: one report after the other (with `--json`, one object for
 * one file, an array for several); exit 1 when any was rejected.
 */
export async function explain(options: ExplainCommandOptions, io: CommandIO): Promise<CommandOutput> {
  const files = options.files.length === 0 ? ['-'] : options.files;
  const outputs: CommandOutput[] = [];
  for (const file of files) outputs.push(await explainOne(file, options, io));
  if (outputs.length === 1) return outputs[0] as CommandOutput;
  const exitCode = Math.max(...outputs.map((output) => output.exitCode));
  const stdout = options.json
    ? [`[\n${outputs.map((output) => output.stdout.join('')).join(',\n')}\n]`]
    : [outputs.map((output) => output.stdout.join('\n')).join('\n')];
  return { stdout, stderr: outputs.flatMap((output) => output.stderr), exitCode, styled: !options.json };
}
