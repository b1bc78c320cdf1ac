// toolschema lint: a server's tools, as they are, against every provider's documented rules (for MCP server CI).
import { checkProviderTools } from '../../providers/check-rules.js';
import { adviseOnRule } from '../../providers/rule-advice.js';
import { anyTargetDefinition, PROVIDER_TARGETS } from '../../providers/targets/registry.js';
import { wireEnvelope } from '../../providers/wire.js';
import { commandOutput } from '../command.js';
import { EXIT_OK, EXIT_SOME_FAILED } from '../exit-error.js';
import { printableData } from '../printable.js';
import { renderLintReport } from '../render.js';
import { paintFor } from '../style.js';
import { readTools } from '../tool-source.js';
/**
 * Every target and mode, in the order the report lists them: `portable` first (one schema every
 * provider takes), then each target's own modes (its definition's `lintModes`).
 */
export const ALL_LINT_TARGETS = [
    'portable',
    ...PROVIDER_TARGETS.filter((target) => target !== 'portable'),
].flatMap((target) => anyTargetDefinition(target).lintModes.map((strict) => ({ target: target, strict })));
/**
 * A tool as it is, in a target's wire shape: nothing converted, so the rules see what the server
 * wrote (a name or description that is not a string is passed on for the rules to report).
 */
function asSent(tool, { target, strict }) {
    const description = (tool.description ?? '');
    return wireEnvelope(target, tool.name, description, tool.inputSchema, strict);
}
/**
 * Checks a server's tools as they are against each target's documented rules, and the
 * request-wide limits (tool counts, strict budgets). Exit 1 when any target would reject a tool.
 */
export async function lint(options, io) {
    const source = await readTools(options, io, 'lint');
    const tools = source.tools.map((tool) => {
        const entry = (typeof tool === 'object' && tool !== null ? tool : {});
        return { name: entry.name, description: entry.description, inputSchema: entry.inputSchema };
    });
    const report = { label: source.label, total: tools.length, targets: [] };
    for (const mode of options.targets) {
        const wire = tools.map((tool) => asSent(tool, mode));
        const label = `${mode.target}${mode.strict ? ' --strict' : ''}`;
        const violations = checkProviderTools(mode.target, wire).map((violation) => ({ ...violation, ...adviseOnRule(violation.rule, violation.tool, label) }));
        const rejected = new Set(violations.filter((v) => v.tool !== '*').map((v) => v.tool)).size;
        report.targets.push({ ...mode, rejected, violations });
    }
    const failed = report.targets.some((entry) => entry.violations.length > 0);
    const text = options.json
        ? JSON.stringify(report, null, 2)
        : renderLintReport(printableData(report), paintFor(io.stdout, io.env));
    return { ...commandOutput([text], [], failed ? EXIT_SOME_FAILED : EXIT_OK), styled: !options.json };
}
//# sourceMappingURL=lint.js.map