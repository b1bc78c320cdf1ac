import type { CompactionPolicy } from '../../schema/compaction/driver.js';
import { type ToolSchemaExplanation } from '../../schema/explain.js';
import { type CommandOutput } from '../command.js';
import type { CommandIO } from '../io.js';
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
    tokens?: {
        input: number | undefined;
        final: number | undefined;
    };
}
/** The explanation as JSON: the error as `{code, path, message}` rather than an Error object. */
export declare function explanationJson(explanation: ToolSchemaExplanation): unknown;
/** The text report or the JSON of one explanation, and exit 1 when the schema was rejected. */
export declare function explainOutput(result: ExplainResult, json: boolean, io: CommandIO): CommandOutput;
/**
 * Explains each schema file in turn: one report after the other (with `--json`, one object for
 * one file, an array for several); exit 1 when any was rejected.
 */
export declare function explain(options: ExplainCommandOptions, io: CommandIO): Promise<CommandOutput>;
//# sourceMappingURL=explain.d.ts.map