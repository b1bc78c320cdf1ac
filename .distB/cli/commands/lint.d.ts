import { type Violation } from '../../providers/check-rules.js';
import { type RuleAdvice } from '../../providers/rule-advice.js';
import { type ConvertedTarget } from '../../providers/targets/registry.js';
import { type CommandOutput } from '../command.js';
import type { CommandIO } from '../io.js';
import { type ToolSourceOptions } from '../tool-source.js';
/** One provider mode a tool list is checked against. */
export interface LintTarget {
    target: ConvertedTarget;
    strict: boolean;
}
/**
 * Every target and mode, in the order the report lists them: `portable` first (one schema every
 * provider takes), then each target's own modes (its definition's `lintModes`).
 */
export declare const ALL_LINT_TARGETS: readonly LintTarget[];
/** Options of {@link lint}. */
export interface LintCommandOptions extends ToolSourceOptions {
    /** The targets to check (default: all). */
    targets: readonly LintTarget[];
    json: boolean;
}
/** One broken rule, with what the provider would answer and the fix. */
export type LintFinding = Violation & RuleAdvice;
/** What one target rejects. */
export interface LintTargetReport extends LintTarget {
    /** Tools with at least one violation. */
    rejected: number;
    violations: LintFinding[];
}
/** The report over every target. */
export interface LintReport {
    label: string;
    total: number;
    targets: LintTargetReport[];
}
/**
 * Checks a server's tools as they are against each target's documented rules, and the
 * request-wide limits (tool counts, strict budgets). Exit 1 when any target would reject a tool.
 */
export declare function lint(options: LintCommandOptions, io: CommandIO): Promise<CommandOutput>;
//# sourceMappingURL=lint.d.ts.map