import { describe, expect, test } from 'vitest';
import { convertMcpTools } from '../../src/providers/convert-tools.js';
import type { ResponsesFunctionTool, ResponsesNamespaceTool } from '../../src/tools/responses.js';
import { createToolSearch, tokenizeToolText, toolSearchText } from '../../src/tools/search.js';
import { readCorpusTools } from '../helpers/corpus.js';

function functionTool(
  name: string,
  description: string,
  parameters: ResponsesFunctionTool['parameters'] = {},
): ResponsesFunctionTool {
  return { type: 'function', name, description, strict: false, defer_loading: true, parameters };
}

describe('toolSearchText', () => {
  test("gives the SPEC §2.5 example's text for a namespace", () => {
    const namespace: ResponsesNamespaceTool = {
      type: 'namespace',
      name: 'codex_app',
      description: 'Manage Codex automations.',
      tools: [
        functionTool('automation_update', 'Create or update automations.', {
          type: 'object',
          description: 'Automation options.',
          properties: {
            mode: { type: 'string', description: 'Update mode.' },
            schedule: {
              type: 'object',
              description: 'Schedule settings.',
              properties: { timezone: { type: 'string', description: 'IANA timezone.' } },
            },
          },
        }),
      ],
    };
    expect(toolSearchText(namespace)).toBe(
      'codex_app Manage Codex automations. automation_update automation update Create or update automations. Automation options. mode Update mode. schedule Schedule settings. timezone IANA timezone.',
    );
  });

  test('includes items and anyOf variants but not oneOf, allOf, additionalProperties, tables or enum values', () => {
    const tool = functionTool('t', '  ', {
      properties: {
        list: { items: { description: 'item text' } },
        either: { anyOf: [{ description: 'variant text' }] },
        one: { oneOf: [{ description: 'ONEOF' }] },
        all: { allOf: [{ description: 'ALLOF' }] },
        extra: { additionalProperties: { description: 'EXTRA' } },
        pick: { enum: ['ENUMVALUE'] },
      },
      $defs: { D: { description: 'TABLE' } },
    });
    expect(toolSearchText(tool)).toBe('t t list item text either variant text one all extra pick');
  });

  test('reads every corpus tool as the recursive walk of SPEC §2.5 does, part for part', () => {
    // The walk as the SPEC words it, recursive: the corpus is JSON, so no schema nests past the stack.
    const recursive = (schema: unknown, parts: string[]): void => {
      if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return;
      const node = schema as Record<string, unknown>;
      const push = (text: unknown) => {
        if (typeof text === 'string' && text.trim() !== '') parts.push(text.trim());
      };
      push(node.description);
      const properties = node.properties;
      if (typeof properties === 'object' && properties !== null && !Array.isArray(properties))
        for (const [name, property] of Object.entries(properties)) {
          push(name);
          recursive(property, parts);
        }
      if (node.items !== undefined) recursive(node.items, parts);
      if (Array.isArray(node.anyOf)) for (const variant of node.anyOf) recursive(variant, parts);
    };
    const { tools } = convertMcpTools(readCorpusTools());
    expect(tools.length).toBeGreaterThan(1_000);
    for (const tool of tools) {
      const parts = [tool.name, tool.name.replaceAll('_', ' '), tool.description.trim()].filter((part) => part !== '');
      recursive(tool.parameters, parts);
      expect(toolSearchText(tool)).toBe(parts.join(' '));
    }
  });

  test('a schema written by hand that holds itself is read once, without a RangeError', () => {
    const node: Record<string, unknown> = { description: 'A node.', properties: {} };
    (node.properties as Record<string, unknown>).child = node;
    node.items = node;
    const tool = functionTool('tree', 'Walks a tree.', node as ResponsesFunctionTool['parameters']);
    expect(toolSearchText(tool)).toBe('tree tree Walks a tree. A node. child');
  });

  test('a schema nested deeper than the call stack goes is read whole, without a RangeError', () => {
    let schema: Record<string, unknown> = { description: 'bottom' };
    for (let level = 0; level < 100_000; level++) schema = { properties: { a: schema } };
    const text = toolSearchText(functionTool('deep', '', schema as ResponsesFunctionTool['parameters']));
    expect(text.startsWith('deep deep a a a')).toBe(true);
    expect(text.endsWith(' a bottom')).toBe(true);
    expect(text.split(' ')).toHaveLength(2 + 100_000 + 1);
    // And the index over it.
    expect(
      createToolSearch([functionTool('deep', '', schema as ResponsesFunctionTool['parameters'])]).search('bottom'),
    ).toHaveLength(1);
  });
});

describe('tokenizeToolText', () => {
  test.each([
    ['create_issue', ['create', 'issue']],
    ['createIssue', ['create', 'Issue']],
    ['pull-request-stacks-create', ['pull', 'request', 'stacks', 'create']],
    ['getHTTPResponse v2', ['get', 'HTTP', 'Response', 'v2']],
  ])('splits %j into %j', (text, terms) => {
    expect(tokenizeToolText(text)).toStrictEqual(terms);
  });

  test('splits capitals as the run-of-capitals expression did, on generated text', () => {
    // What tokenizeToolText once wrote: `([A-Z]+)([A-Z][a-z])` retried a run of capitals from
    // each of its letters. The lookahead it uses now must give the same terms.
    const before = (text: string) =>
      text
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
        .split(/[^\p{L}\p{N}]+/u)
        .filter((term) => term !== '');
    let seed = 7;
    const next = (limit: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % limit;
    };
    for (let round = 0; round < 5_000; round++) {
      const text = Array.from({ length: next(14) }, () => 'ABCabc1_ É'[next(10)]).join('');
      expect(tokenizeToolText(text), text).toStrictEqual(before(text));
    }
  });

  test('reads a description of a million capitals in one pass', () => {
    // The run-of-capitals expression took 0.7 s on 30,000 capitals and grew with the square of
    // the run: a million would not end before the test times out.
    const text = `${'A'.repeat(1_000_000)} Bc`;
    expect(tokenizeToolText(text).map((term) => term.length)).toStrictEqual([1_000_000, 2]);
  });
});

describe('createToolSearch', () => {
  test('matches snake_case and camelCase names for the same words', () => {
    const search = createToolSearch([
      functionTool('create_issue', ''),
      functionTool('createIssue', ''),
      functionTool('delete_repo', ''),
    ]);
    expect(
      search
        .search('create issue')
        .map((hit) => hit.tool.name)
        .sort(),
    ).toStrictEqual(['createIssue', 'create_issue']);
  });

  test('returns the tools given, best first, within the limit', () => {
    const tools = [
      functionTool('list_pods', 'List pods'),
      functionTool('list_nodes', 'List nodes'),
      functionTool('get_pod', 'Get a pod'),
    ];
    const hits = createToolSearch(tools).search('pods', { limit: 2 });
    expect(hits).toHaveLength(2);
    expect(hits[0]?.tool).toBe(tools[0]);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
  });

  test('finds nothing for an empty or stop-word-only query', () => {
    const search = createToolSearch([functionTool('read_file', 'Read a file')]);
    expect(search.search('')).toStrictEqual([]);
    expect(search.search('the of a')).toStrictEqual([]);
  });
});

describe('tool search over the real MCP corpus', () => {
  const tools = readCorpusTools();
  const search = createToolSearch(convertMcpTools(tools, { deferLoading: true }).tools);

  // Each query must find one of the fitting tools (real names from the corpus) in its top 3.
  test.each([
    ['read a file', ['read_file', 'read_text_file']],
    ['take a screenshot of the page', ['take_screenshot', 'browser_take_screenshot', 'puppeteer_screenshot']],
    ['create a pull request', ['create_pull_request', 'pulls-create']],
    ['list kubernetes pods', ['pods_list', 'pods_list_in_namespace']],
    ['search the web', ['WebSearch', 'brave_web_search', 'web_search_exa']],
    ['send a slack message', ['slack_post_message', 'send_slack_message']],
    ['query the postgres database', ['postgres_database_query']],
    ['list s3 buckets', ['list_buckets', 'list_storage_buckets']],
    ['get figma file', ['get_figma_data']],
    ['run sql on supabase', ['execute_sql']],
    ['navigate to a url', ['browser_navigate', 'puppeteer_navigate', 'navigate_page']],
    ['delete a kubernetes deployment', ['resources_delete']],
    ['search airbnb listings', ['airbnb_search']],
    ['send an email', ['send_email', 'sendEmail']],
    ['create a merge request', ['create_merge_request']],
    ['list directory contents', ['list_directory']],
    ['scrape a web page', ['firecrawl_scrape']],
    ['create a calendar event', ['createEvent', 'quickAddEvent']],
    ['upload a file', ['upload_file', 'browser_file_upload']],
  ])('%j finds a fitting tool in the top 3', (query, fitting) => {
    const top = search.search(query, { limit: 3 }).map((hit) => hit.tool.name);
    expect(
      top.some((name) => fitting.includes(name)),
      `top 3: ${top.join(', ')}`,
    ).toBe(true);
  });
});
