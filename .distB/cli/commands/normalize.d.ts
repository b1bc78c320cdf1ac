import type { CompactionPolicy } from '../../schema/compaction/driver.js';
import { type CommandOutput } from '../command.js';
import type { CommandIO } from '../io.js';
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
export declare function normalize(options: NormalizeCommandOptions, io: CommandIO): Promise<CommandOutput>;
//# sourceMappingURL=normalize.d.ts.map