// toolschema explain: what each stage of the pipeline did to one schema.
import { explainToolInputSchema } from '../../schema/explain.js';
import { jsonByteLength } from '../../schema/size.js';
import { commandOutput } from '../command.js';
import { EXIT_OK, EXIT_SOME_FAILED } from '../exit-error.js';
import { readJsonInput } from '../io.js';
import { printableData } from '../printable.js';
import { renderExplain } from '../render.js';
import { paintFor } from '../style.js';
import { loadTokenCounter } from '../tokens.js';
/** The explanation as JSON: the error as `{code, path, message}` rather than an Error object. */
export function explanationJson(explanation) {
    const { error, ...rest } = explanation;
    return { ...rest, error: error && { code: error.code, path: error.path, message: error.message } };
}
/** The text report or the JSON of one explanation, and exit 1 when the schema was rejected. */
export function explainOutput(result, json, io) {
    const text = json
        ? JSON.stringify({
            ...explanationJson(result.explanation),
            ...(result.tokens === undefined ? {} : { tokens: result.tokens }),
        }, null, 2)
        : renderExplain(printableData(result), paintFor(io.stdout, io.env));
    return { ...commandOutput([text], [], result.explanation.ok ? EXIT_OK : EXIT_SOME_FAILED), styled: !json };
}
/** Reads one schema and explains it. */
async function explainOne(file, options, io) {
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
export async function explain(options, io) {
    const files = options.files.length === 0 ? ['-'] : options.files;
    const outputs = [];
    for (const file of files)
        outputs.push(await explainOne(file, options, io));
    if (outputs.length === 1)
        return outputs[0];
    const exitCode = Math.max(...outputs.map((output) => output.exitCode));
    const stdout = options.json
        ? [`[\n${outputs.map((output) => output.stdout.join('')).join(',\n')}\n]`]
        : [outputs.map((output) => output.stdout.join('\n')).join('\n')];
    return { stdout, stderr: outputs.flatMap((output) => output.stderr), exitCode, styled: !options.json };
}
//# sourceMappingURL=explain.js.map