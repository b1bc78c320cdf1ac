// The playground's examples: the seed's four reading exercises with their answers, the demo server's
// tools, and a few real corpus tools.

import demoTools from '../../examples/demo-server/demo-tools.json';
import corpusTools from '../../examples/playground/corpus-tools.json';

export interface Example {
  id: string;
  group: 'Reading exercises' | 'Demo server' | 'Real MCP tools';
  label: string;
  value: unknown;
  /** The one-paragraph answer the page's output proves (reading exercises). */
  answer?: string;
}

/** A schema just over the default budget: 60 properties with 100-character descriptions. */
function describedObject(count: number, descriptionBytes: number): unknown {
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) {
    properties[`p${index}`] = { type: 'string', description: 'd'.repeat(descriptionBytes) };
  }
  return { type: 'object', properties };
}

export const EXAMPLES: Example[] = [
  {
    id: 'exercise-infer',
    group: 'Reading exercises',
    label: '1. { "properties": { "q": { "description": "query" } } }',
    value: { properties: { q: { description: 'query' } } },
    answer:
      'The root has no type, but it has properties, so sanitize infers "object" (the inference branch). q has only a description: no keyword to infer a type from, so it is emptied to {} — its description goes with it (the emptying branch). The final schema is {"type":"object","properties":{"q":{}}}.',
  },
  {
    id: 'exercise-reachability',
    group: 'Reading exercises',
    label: '2. $defs A → B: which definitions stay?',
    value: {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: {
        A: { type: 'object', properties: { b: { $ref: '#/$defs/B' } } },
        B: { type: 'string' },
        Unused: { type: 'number' },
      },
    },
    answer:
      'The root refers to A, so A is pending and reached; searching A finds its ref to B, so B is reached too. Unused is referred to by nothing and is pruned. A and B stay — the change list shows only "definition pruned" for /$defs/Unused.',
  },
  {
    id: 'exercise-compaction',
    group: 'Reading exercises',
    label: '3. A large schema: why does the default entry drop descriptions?',
    value: describedObject(60, 100),
    answer:
      'Over the 5,000-byte budget the default entry compacts: pass 1 strips every description, and the schema then fits, so passes 2–4 never run (see the compaction passes and their sizes). parseToolInputSchemaWithoutCompaction keeps them: it is for trusted schemas where the budget does not apply. Try the fidelity policy: it shortens descriptions instead of removing them.',
  },
  {
    id: 'exercise-null',
    group: 'Reading exercises',
    label: '4. The singleton null root',
    value: { type: 'null' },
    answer:
      'A tool input schema that is exactly {"type":"null"} is rejected with null_root_type: a tool takes arguments, never null alone. A null inside a union (["string","null"]) is kept.',
  },
  {
    id: 'demo-list',
    group: 'Demo server',
    label: 'The whole tools/list of the demo server',
    value: { tools: demoTools },
  },
  ...(demoTools as { name: string }[]).map(
    (tool): Example => ({ id: `demo-${tool.name}`, group: 'Demo server', label: tool.name, value: tool }),
  ),
  ...(corpusTools as { server: string; name: string }[]).map(
    ({ server, ...tool }): Example => ({
      id: `corpus-${tool.name}`,
      group: 'Real MCP tools',
      label: `${server}: ${tool.name}`,
      value: tool,
    }),
  ),
];
