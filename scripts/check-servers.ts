// npm run check-servers -- COMMAND [ARGS...] [-- COMMAND [ARGS...]]...
// The held-out check: the tools of MCP servers the corpus has never seen, converted for every
// target (strict and not), checked against the providers' documented rules by the independent
// checker, and round-tripped through resolveToolCall with generated arguments. Not part of
// `npm test`: the servers come from npm (install them first), which CI cannot rely on.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { listMcpTools } from '../src/cli/mcp-client.js';
import { checkProviderTools } from '../src/providers/check-rules.js';
import { convertMcpTools } from '../src/providers/convert-tools.js';
import type { ConvertedTarget } from '../src/providers/targets/registry.js';
import type { McpToolLike } from '../src/tools/mcp.js';
import { sampleArguments, wireParametersSchema } from '../test/helpers/provider-arguments.js';

const TARGETS: ConvertedTarget[] = [
  'openai-responses',
  'openai-chat',
  'anthropic',
  'gemini',
  'gemini-json-schema',
  'portable',
];

/** `a b -- c d` → `[[a, b], [c, d]]`. */
function commands(argv: string[]): string[][] {
  const groups: string[][] = [[]];
  for (const arg of argv) {
    if (arg === '--') groups.push([]);
    else (groups.at(-1) as string[]).push(arg);
  }
  return groups.filter((group) => group.length > 0);
}

/**
 * The server's tools, listed as `toolschema mcp` lists them (page by page, each tool as sent,
 * the server always closed); undefined, with one line said, when the server cannot be listed.
 */
async function listTools([command, ...args]: string[]): Promise<McpToolLike[] | undefined> {
  try {
    const listing = await listMcpTools({ target: { command: command as string, args } });
    return listing.tools as McpToolLike[];
  } catch (error) {
    console.log(`${command} · not listed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

let problems = 0;
const groups = commands(process.argv.slice(2));
if (groups.length === 0) {
  console.error('usage: npm run check-servers -- COMMAND [ARGS...] [-- COMMAND [ARGS...]]...');
  process.exitCode = 2;
}
for (const command of groups) {
  const tools = await listTools(command);
  if (tools === undefined) {
    problems++;
    continue;
  }
  for (const target of TARGETS) {
    for (const strict of [false, true]) {
      const conversion = convertMcpTools(tools, { target, strict });
      const violations = checkProviderTools(target, conversion.tools);
      const ajv = new Ajv2020({ strict: false, validateFormats: false, logger: false });
      let resolved = 0;
      let skipped = 0;
      const rejected: string[] = [];
      for (const entry of conversion.results) {
        if (!entry.ok) continue;
        const schema = wireParametersSchema(target, entry.tool);
        const args = sampleArguments(schema as never);
        let valid = false;
        try {
          valid = ajv.validate(schema, args) as boolean;
        } catch {
          valid = false;
        }
        if (!valid) {
          skipped++;
          continue;
        }
        const resolution = conversion.resolveToolCall(entry.providerName, JSON.stringify(args));
        if (resolution.ok) resolved++;
        else {
          const losses = entry.changes.filter(
            (change) => change.kind === 'keyword_moved' || change.kind === 'keyword_dropped',
          );
          // A compacted tool's wire schema says less than the server's (a collapsed object is any
          // value to the model), and no change is logged per path for that: the passes say it.
          const compacted =
            entry.compactionPasses.length > 0 ? `compacted to the budget: ${entry.compactionPasses.join(', ')}; ` : '';
          rejected.push(
            `${entry.name}: ${resolution.issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')} (${compacted}${losses.length} constraint${losses.length === 1 ? '' : 's'} the target could not carry, logged)`,
          );
        }
      }
      const { converted, failed } = conversion.summary;
      console.log(
        `${command.join(' ')} · ${target}${strict ? ' strict' : ''}: ${converted}/${tools.length} converted, ${failed} failed, ${conversion.summary.strict} strict, ${violations.length} rule violations; round trip ${resolved} resolved, ${rejected.length} rejected, ${skipped} not generated`,
      );
      for (const violation of violations) console.log(`  violation: ${JSON.stringify(violation)}`);
      for (const line of rejected) console.log(`  rejected: ${line}`);
      problems += failed + violations.length;
    }
  }
}
// A rejection after a logged loss or a compaction is expected (the provider could not carry the
// constraint, or the budget left it out), and the call is refused with the path, not sent on; a
// failed conversion or a rule violation is a bug.
if (problems > 0) process.exitCode = 1;
