// toolschema lint: a server's tools, as they are, against every provider's documented rules (for MCP server CI).
import { checkProviderTools, type Violation } from '../../providers/check-rules.js';
import { adviseOnRule, type RuleAdvice } from '../../providers/rule-advice.js';
import { anyTargetDefinition, type ConvertedTarget, PROVIDER_TARGETS } from '../../providers/targets/registry.js';
import { type WireSchema, wireEnvelope } from '../../providers/wire.js';
import { type CommandOutput, commandOutput } from '../command.js';
import { EXIT_OK, EXIT_SOME_FAILED } from '../exit-error.js';
import type { CommandIO } from '../io.js';
import { printableData } from '../printable.js';
import { renderLintReport } from '../render.js';
import { paintFor } from '../style.js';
import { readTools, type ToolSourceOptions } from '../tool-source.js';

/** One provider mode a tool list is checked against. */
export interface LintTarget {
  target: ConvertedTarget;
  strict: boolean;
}

/**
 * Every target and mode, in the order the report lists them: `portable` first (one schema every
 * provider takes), then each target's own modes (its definition's `lintModes`).
 */
export const ALL_LINT_TARGETS: readonly LintTarget[] = [
  'portable' as const,
  ...PROVIDER_TARGETS.filter((target): target is ConvertedTarget => target !== 'portable'),
].flatMap((target) =>
  anyTargetDefinition(target).lintModes.map((strict) => ({ target: target as ConvertedTarget, strict })),
);

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

interface RawTool {
  name: unknown;
  description: unknown;
  inputSchema: unknown;
}

/**
 * A tool as it is, in a target's wire shape: nothing converted, so the rules see what the server
 * wrote (a name or description that is not a string is passed on for the rules to report).
 */
function asSent(tool: RawTool, { target, strict }: LintTarget): unknown {
  const description = (tool.description ?? '') as string;
  return wireEnvelope(target, tool.name as string, description, tool.inputSchema as WireSchema | undefined, strict);
}

/**
 * Checks a server's tools as they are against each target's documented rules, and the
 * request-wide limits (tool counts, strict budgets). Exit 1 when any target would reject a tool.
 */
export async function lint(options: LintCommandOptions, io: CommandIO): Promise<CommandOutput> {
  const source = await readTools(options, io, 'lint');
  const tools = source.tools.map((tool): RawTool => {
    const entry = (typeof tool === 'object' && tool !== null ? tool : {}) as Record<string, unknown>;
    return { name: entry.name, description: entry.description, inputSchema: entry.inputSchema };
  });
  const report: LintReport = { label: source.label, total: tools.length, targets: [] };
  for (const mode of options.targets) {
    const wire = tools.map((tool) => asSent(tool, mode));
    const label = `${mode.target}${mode.strict ? ' --strict' : ''}`;
    const violations = checkProviderTools(mode.target, wire).map(
      (violation): LintFinding => ({ ...violation, ...adviseOnRule(violation.rule, violation.tool, label) }),
    );
    const rejected = new Set(violations.filter((v) => v.tool !== '*').map((v) => v.tool)).size;
    report.targets.push({ ...mode, rejected, violations });
  }
  const failed = report.targets.some((entry) => entry.violations.length > 0);
  const text = options.json
    ? JSON.stringify(report, null, 2)
    : renderLintReport(printableData(report), paintFor(io.stdout, io.env));
  return { ...commandOutput([text], [], failed ? EXIT_SOME_FAILED : EXIT_OK), styled: !options.json };
}
