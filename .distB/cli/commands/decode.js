// toolschema decode: runs the structured result decoder on a message, as an application would.
import { ToolSchemaError } from '../../errors.js';
import { createStructuredResultDecoder } from '../../output/decode.js';
import { commandOutput } from '../command.js';
import { EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, ExitError } from '../exit-error.js';
import { readJsonInput, readTextInput } from '../io.js';
import { renderDecodeFailure } from '../render.js';
/**
 * The exit code of a result: 0 only for a value that passed the schema (`strict`, `validated`,
 * `fallback`); a plain-text fallback and every failure exit 1, so a script never takes them for success.
 */
export function decodeExitCode(result) {
    return result.ok && result.guarantee !== 'text' ? EXIT_OK : EXIT_SOME_FAILED;
}
/** Decodes one message against a schema file. A schema that cannot be read or compiled exits 2. */
export async function decode(options, io) {
    const { value: schema, label } = await readJsonInput(options.schemaFile, io);
    let decoder;
    try {
        decoder = createStructuredResultDecoder(schema, {
            strict: options.strict,
            fallback: { fencedCode: options.fallback, embeddedObject: options.fallback, text: options.textFallback },
            providerSupportsJsonSchema: options.providerSupportsJsonSchema,
        });
    }
    catch (error) {
        if (error instanceof ToolSchemaError)
            throw new ExitError(`--schema ${label}: ${error.message}`, EXIT_USAGE);
        throw error;
    }
    const text = options.message !== undefined && options.message !== '-'
        ? options.message
        : (await readTextInput(options.message, io)).text;
    const result = await decoder.decodeAsync(text);
    const exitCode = decodeExitCode(result);
    if (options.json)
        return commandOutput([JSON.stringify(result, null, 2)], [], exitCode);
    if (!result.ok)
        return commandOutput([], [`toolschema: ${renderDecodeFailure(result)}`], exitCode);
    if (result.guarantee === 'text') {
        return commandOutput([result.value], ['toolschema: guarantee: text (the message is not valid JSON for the schema)'], exitCode);
    }
    return commandOutput([JSON.stringify(result.value, null, 2)], [`guarantee: ${result.guarantee} (${result.source})`]);
}
//# sourceMappingURL=decode.js.map