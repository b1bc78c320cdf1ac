// toolschema decode: runs the structured result decoder on a message, as an application would.
import { ToolSchemaError } from '../../errors.js';
import type { StructuredResult, StructuredResultDecoder } from '../../output/decode.js';
import { createStructuredResultDecoder } from '../../output/decode.js';
import { type CommandOutput, commandOutput } from '../command.js';
import { EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, ExitError } from '../exit-error.js';
import type { CommandIO } from '../io.js';
import { readJsonInput, readTextInput } from '../io.js';
import { renderDecodeFailure } from '../render.js';

/** Options of {@link decode}. */
export interface DecodeCommandOptions {
  schemaFile: string;
  /** The message text, or undefined/`-` for stdin. */
  message: string | undefined;
  strict: boolean;
  /** Try fenced code blocks and the first JSON object in prose (values still pass the schema). */
  fallback: boolean;
  /** Accept the plain text itself as a last resort: printed, but exit 1 (nothing was validated). */
  textFallback: boolean;
  providerSupportsJsonSchema: boolean;
  json: boolean;
}

/**
 * The exit code of a result: 0 only for a value that passed the schema (`strict`, `validated`,
 * `fallback`); a plain-text fallback and every failure exit 1, so a script never takes them for success.
 */
export function decodeExitCode(result: StructuredResult<unknown, true>): number {
  return result.ok && result.guarantee !== 'text' ? EXIT_OK : EXIT_SOME_FAILED;
}

/** Decodes one message against a schema file. A schema that cannot be read or compiled exits 2. */
export async function decode(options: DecodeCommandOptions, io: CommandIO): Promise<CommandOutput> {
  const { value: schema, label } = await readJsonInput(options.schemaFile, io);
  let decoder: StructuredResultDecoder<unknown, true>;
  try {
    decoder = createStructuredResultDecoder(schema as Record<string, unknown>, {
      strict: options.strict,
      fallback: { fencedCode: options.fallback, embeddedObject: options.fallback, text: options.textFallback },
      providerSupportsJsonSchema: options.providerSupportsJsonSchema,
    });
  } catch (error) {
    if (error instanceof ToolSchemaError) throw new ExitError(`--schema ${label}: ${error.message}`, EXIT_USAGE);
    throw error;
  }
  const text =
    options.message !== undefined && options.message !== '-'
      ? options.message
      : (await readTextInput(options.message, io)).text;
  const result = await decoder.decodeAsync(text);
  const exitCode = decodeExitCode(result);
  if (options.json) return commandOutput([JSON.stringify(result, null, 2)], [], exitCode);
  if (!result.ok) return commandOutput([], [`toolschema: ${renderDecodeFailure(result)}`], exitCode);
  if (result.guarantee === 'text') {
    return commandOutput(
      [result.value],
      ['toolschema: guarantee: text (the message is not valid JSON for the schema)'],
      exitCode,
    );
  }
  return commandOutput([JSON.stringify(result.value, null, 2)], [`guarantee: ${result.guarantee} (${result.source})`]);
}
