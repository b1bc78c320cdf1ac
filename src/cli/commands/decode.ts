// toolschema decode: runs the structured result decoder on a message, as an application would.
import type { StructuredResult } from '../../output/decode.js';
import { createStructuredResultDecoder } from '../../output/decode.js';
import type { CommandIO } from '../io.js';
import { readJsonInput, readTextInput } from '../io.js';

/** Options of {@link decode}. */
export interface DecodeCommandOptions {
  schemaFile: string;
  /** The message text, a file, or undefined/`-` for stdin. */
  message: string | undefined;
  messageIsFile: boolean;
  strict: boolean;
  fallback: boolean;
  providerSupportsJsonSchema: boolean;
}

/** Decodes one message against a schema file. */
export async function decode(options: DecodeCommandOptions, io: CommandIO): Promise<StructuredResult<unknown>> {
  const { value: schema } = await readJsonInput(options.schemaFile, io);
  const decoder = createStructuredResultDecoder(schema as Record<string, unknown>, {
    strict: options.strict,
    fallback: options.fallback,
    providerSupportsJsonSchema: options.providerSupportsJsonSchema,
  });
  const text =
    options.message !== undefined && !options.messageIsFile && options.message !== '-'
      ? options.message
      : (await readTextInput(options.message, io)).text;
  return decoder.decodeAsync(text);
}
