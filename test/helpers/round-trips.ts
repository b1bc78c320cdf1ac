// A set of tools through one target, as a host would use it: converted in requests, checked
// against the provider's documented rules, and each tool called with arguments the provider's
// schema takes (test/helpers/provider-arguments.ts), resolved back for the server.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { checkProviderTools, type Violation } from '../../src/providers/check-rules.js';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import type { ConvertedTarget } from '../../src/providers/targets/registry.js';
import type { McpToolLike } from '../../src/tools/mcp.js';
import { type SampleChoice, sampleArguments, unexplainedIssues, wireParametersSchema } from './provider-arguments.js';

export interface RoundTrips {
  /** Tools that failed to convert, by name and message. */
  failed: string[];
  violations: Violation[];
  /** Calls whose arguments the provider's schema took, and were resolved. */
  checked: number;
  /** Tools whose generated arguments the provider's own schema refused (the generator's misses). */
  skipped: number;
  /** Refused calls no loss the conversion logged explains. */
  unexplained: unknown[];
  /** Accepted calls resolved to another tool's name. */
  misnamed: string[];
  /** Calls resolved and checked against the tool's own schema (`validated`), for a judge of the server's own. */
  accepted: { name: string; args: unknown }[];
}

/** The tools through `target`, in requests of `requestSize` (OpenAI takes at most 128 tools in one). */
export function roundTrips(
  tools: readonly McpToolLike[],
  target: ConvertedTarget,
  strict: boolean,
  requestSize = 80,
  choices: readonly SampleChoice[] = ['first'],
): RoundTrips {
  const requests: McpToolLike[][] = [];
  for (let start = 0; start < tools.length; start += requestSize)
    requests.push(tools.slice(start, start + requestSize));
  return roundTripRequests(requests, target, strict, choices);
}

/** Requests of tools (a server's each, say) through `target`, as {@link roundTrips}. */
export function roundTripRequests(
  requests: readonly (readonly McpToolLike[])[],
  target: ConvertedTarget,
  strict: boolean,
  choices: readonly SampleChoice[] = ['first'],
): RoundTrips {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, logger: false });
  const found: RoundTrips = {
    failed: [],
    violations: [],
    checked: 0,
    skipped: 0,
    unexplained: [],
    misnamed: [],
    accepted: [],
  };
  for (const request of requests) {
    const result = convertMcpTools(request, { target, strict });
    found.violations.push(...checkProviderTools(target, result.tools));
    for (const entry of result.results) {
      if (!entry.ok) {
        found.failed.push(`${entry.name}: ${entry.error.message}`);
        continue;
      }
      const wire = wireParametersSchema(target, entry.tool);
      let previous: string | undefined;
      for (const choice of choices) {
        const args = sampleArguments(wire, choice);
        // The same arguments again (a tool without alternatives) would be the same call.
        const text = JSON.stringify(args);
        if (text === previous) continue;
        previous = text;
        let valid: boolean;
        try {
          valid = ajv.validate(wire, args) as boolean;
        } catch {
          valid = false;
        }
        if (!valid) {
          found.skipped++;
          continue;
        }
        found.checked++;
        const resolved = result.resolveToolCall(entry.providerName, JSON.stringify(args));
        if (resolved.ok) {
          if (resolved.name !== entry.name) found.misnamed.push(`${entry.providerName} → ${resolved.name}`);
          if (resolved.validated) found.accepted.push({ name: entry.name, args: resolved.arguments });
          continue;
        }
        // Budget compaction (as on the codex path) may have emptied subtrees: not the target's doing.
        if (entry.compactionPasses.length > 0) continue;
        // A rejection is allowed only where the target logged a loss: a constraint moved or
        // dropped, a value sent as JSON text, a composition merged — on the same branch of the value.
        const issues = unexplainedIssues(entry.changes, resolved.issues);
        if (issues.length > 0) found.unexplained.push({ tool: entry.name, args, issues });
      }
    }
  }
  return found;
}
