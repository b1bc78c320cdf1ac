// Argument parsing and dispatch: declares commands and flags, lazy-imports each command.
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { ToolSchemaError } from '../errors.js';
import { EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, ExitError } from './exit-error.js';
import type { CommandIO } from './io.js';
import type { McpServerTarget } from './mcp-client.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_LIST_TIMEOUT_MS } from './mcp-client.js';
import { paintFor } from './style.js';

const EXIT_CODES_HELP = `
Exit codes:
  0  ok
  1  some schemas or tools failed (the rest was still printed)
  2  usage error, unreadable input, or a server that could not be reached`;

function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

function parseByteCount(value: string): number {
  const bytes = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(bytes)) {
    throw new InvalidArgumentError('expected a whole number of bytes');
  }
  return bytes;
}

/** The flags shared by the schema commands. */
function schemaFlags(command: Command): Command {
  return command
    .option('--no-compaction', 'skip compaction (parseToolInputSchemaWithoutCompaction)')
    .addOption(new Option('--budget <bytes>', 'compaction budget in bytes').argParser(parseByteCount));
}

function parseMilliseconds(value: string): number {
  const ms = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(ms) || ms === 0) {
    throw new InvalidArgumentError('expected a positive whole number of milliseconds');
  }
  return ms;
}

function parseCount(value: string): number {
  const count = Number(value);
  if (!/^\d+$/.test(value) || count === 0) throw new InvalidArgumentError('expected a positive whole number');
  return count;
}

/** The flags of commands that talk to an MCP server. */
function mcpFlags(command: Command): Command {
  return command
    .option('--url <url>', 'an MCP server over Streamable HTTP (falls back to SSE)')
    .addOption(
      new Option('--connect-timeout <ms>', 'time to start and initialize the server')
        .argParser(parseMilliseconds)
        .default(DEFAULT_CONNECT_TIMEOUT_MS),
    )
    .addOption(
      new Option('--list-timeout <ms>', 'time for each tools/list page')
        .argParser(parseMilliseconds)
        .default(DEFAULT_LIST_TIMEOUT_MS),
    );
}

interface McpTargetFlags {
  url?: string;
  connectTimeout: number;
  listTimeout: number;
}

/** The server to talk to: `--url`, or the command after `--`. */
function mcpTarget(command: string[], flags: McpTargetFlags, required: boolean): McpServerTarget | undefined {
  if (flags.url !== undefined && command.length > 0)
    throw new ExitError('give either --url or a command after --, not both');
  if (flags.url !== undefined) return { url: flags.url };
  const [executable, ...args] = command;
  if (executable !== undefined) return { command: executable, args };
  if (required) throw new ExitError('give the server: toolschema mcp -- COMMAND [ARGS...], or --url URL');
  return undefined;
}

function write(stream: NodeJS.WritableStream, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * Runs the CLI with the given arguments (without `node` and the script) and returns the exit code.
 * Never throws and never calls `process.exit()`: errors become one line on stderr.
 */
export async function runCli(argv: readonly string[], io: CommandIO): Promise<number> {
  let exitCode = EXIT_OK;
  const program = new Command('toolschema')
    .description('Normalize tool input schemas into what model APIs accept, and explain every change.')
    .version(packageVersion(), '-v, --version')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, writeErr) => writeErr(`toolschema: ${text.replace(/^error: /, '')}`),
    })
    .addHelpText('after', EXIT_CODES_HELP);

  schemaFlags(
    program
      .command('explain')
      .argument('[file]', 'a JSON schema file, or - for stdin', '-')
      .description('show what each pipeline stage changed, by JSON path, and the final schema')
      .option('--json', 'print the explainToolInputSchema result as JSON'),
  )
    .addHelpText(
      'after',
      '\nExamples:\n  toolschema explain schema.json\n  cat schema.json | toolschema explain --budget 2000\n  toolschema explain --json schema.json',
    )
    .action(async (file: string, flags: { json?: boolean; compaction: boolean; budget?: number }) => {
      const { explain } = await import('./commands/explain.js');
      const result = await explain({ file, compaction: flags.compaction, budgetBytes: flags.budget }, io);
      if (flags.json === true) {
        const { error, ...rest } = result.explanation;
        const json = { ...rest, error: error && { code: error.code, path: error.path, message: error.message } };
        write(io.stdout, JSON.stringify(json, null, 2));
      } else {
        const { renderExplain } = await import('./render.js');
        write(io.stdout, renderExplain(result, paintFor(io.stdout, io.env)));
      }
      if (!result.explanation.ok) exitCode = EXIT_SOME_FAILED;
    });

  schemaFlags(
    program
      .command('normalize')
      .argument('[file]', 'a JSON schema file, or - for stdin', '-')
      .description('print the schema the model will see, as JSON')
      .option('--pretty', 'indent the JSON'),
  )
    .addHelpText(
      'after',
      '\nExamples:\n  toolschema normalize schema.json\n  toolschema normalize --no-compaction --pretty - < schema.json',
    )
    .action(async (file: string, flags: { pretty?: boolean; compaction: boolean; budget?: number }) => {
      const { normalize } = await import('./commands/normalize.js');
      const schema = await normalize({ file, compaction: flags.compaction, budgetBytes: flags.budget }, io);
      write(io.stdout, JSON.stringify(schema, null, flags.pretty === true ? 2 : undefined));
    });

  mcpFlags(
    program
      .command('mcp')
      .argument('[command...]', 'the stdio server command and its arguments, after --')
      .description("list a real MCP server's tools and show what the model will see of each, and what it loses")
      .option('--json', 'print the Responses API tools array')
      .option('--deferred', 'mark the tools defer_loading (with --json)')
      .option('--explain <tool>', "show one tool's full explain")
      .addOption(new Option('--budget <bytes>', 'compaction budget in bytes').argParser(parseByteCount))
      .addOption(
        new Option('--description-limit <bytes>', 'cut descriptions to this many UTF-8 bytes').argParser(
          parseByteCount,
        ),
      ),
  )
    .addHelpText(
      'after',
      '\nExamples:\n  toolschema mcp -- npx @modelcontextprotocol/server-everything\n  toolschema mcp --json --deferred -- node my-server.js\n  toolschema mcp --url http://127.0.0.1:3000/mcp --explain create_issue',
    )
    .action(
      async (
        command: string[],
        flags: McpTargetFlags & {
          json?: boolean;
          deferred?: boolean;
          explain?: string;
          budget?: number;
          descriptionLimit?: number;
        },
      ) => {
        const target = mcpTarget(command, flags, true) as McpServerTarget;
        const { mcp } = await import('./commands/mcp.js');
        const report = await mcp(
          {
            target,
            deferred: flags.deferred === true,
            budgetBytes: flags.budget,
            descriptionLimit: flags.descriptionLimit,
            connectTimeoutMs: flags.connectTimeout,
            listTimeoutMs: flags.listTimeout,
            explainTool: flags.explain,
          },
          io,
        );
        const render = await import('./render.js');
        const paint = paintFor(io.stdout, io.env);
        if (report.explained !== undefined) {
          write(
            io.stdout,
            render.renderExplain(
              {
                label: report.explained.name,
                inputBytes: report.explained.inputBytes,
                explanation: report.explained.explanation,
              },
              paint,
            ),
          );
          if (!report.explained.explanation.ok) exitCode = EXIT_SOME_FAILED;
          return;
        }
        if (flags.json === true) write(io.stdout, JSON.stringify(report.tools, null, 2));
        else write(io.stdout, render.renderMcpReport(report, paint));
        if (report.summary.failed > 0) {
          if (flags.json === true) {
            for (const row of report.rows.filter((r) => !r.ok))
              write(io.stderr, `toolschema: ${row.name}: ${row.error ?? ''}`);
          }
          exitCode = EXIT_SOME_FAILED;
        }
      },
    );

  program
    .command('decode')
    .argument('[message]', "the model's final message text, or - for stdin", '-')
    .description('decode a final message against an output schema: the typed value, or why there is none')
    .requiredOption('--schema <file>', 'the output JSON Schema')
    .option('--strict', 'the request was strict (may report guarantee "strict")')
    .option('--fallback', 'allow fenced-code, embedded-object and plain-text fallbacks')
    .option('--no-json-schema-support', 'the provider cannot enforce JSON Schema')
    .option('--json', 'print the whole result as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  toolschema decode --schema answer.schema.json \'{"answer":"4"}\'\n  toolschema decode --schema answer.schema.json --fallback - < model-output.txt\n\nExit: 0 a value was decoded, 1 no value (the kind is printed), 2 usage error.',
    )
    .action(
      async (
        message: string,
        flags: { schema: string; strict?: boolean; fallback?: boolean; jsonSchemaSupport: boolean; json?: boolean },
      ) => {
        const { decode } = await import('./commands/decode.js');
        const result = await decode(
          {
            schemaFile: flags.schema,
            message,
            messageIsFile: false,
            strict: flags.strict === true,
            fallback: flags.fallback === true,
            providerSupportsJsonSchema: flags.jsonSchemaSupport,
          },
          io,
        );
        if (flags.json === true) write(io.stdout, JSON.stringify(result, null, 2));
        if (result.ok) {
          if (flags.json !== true) {
            write(io.stdout, result.guarantee === 'text' ? result.value : JSON.stringify(result.value, null, 2));
            write(io.stderr, `guarantee: ${result.guarantee} (${result.source})`);
          }
          return;
        }
        const { renderDecodeFailure } = await import('./render.js');
        write(io.stderr, `toolschema: ${renderDecodeFailure(result)}`);
        exitCode = EXIT_SOME_FAILED;
      },
    );

  mcpFlags(
    program
      .command('search')
      .argument('<query>', 'what you are looking for, in words')
      .argument('[command...]', 'a stdio MCP server command and its arguments, after --')
      .description('rank tools for a query (BM25), from a JSON file of tools or a live MCP server')
      .option('--tools <file>', 'a JSON file: a tools/list result, an array of MCP tools, or Responses tools')
      .addOption(new Option('--limit <n>', 'how many results').argParser(parseCount).default(8))
      .option('--json', 'print the hits as JSON'),
  )
    .addHelpText(
      'after',
      '\nExamples:\n  toolschema search "take a screenshot" --tools tools.json\n  toolschema search "read a file" -- npx @modelcontextprotocol/server-filesystem /tmp',
    )
    .action(
      async (
        query: string,
        command: string[],
        flags: McpTargetFlags & { tools?: string; limit: number; json?: boolean },
      ) => {
        const target = mcpTarget(command, flags, false);
        if (target !== undefined && flags.tools !== undefined)
          throw new ExitError('give either --tools or a server, not both');
        const { search } = await import('./commands/search.js');
        const hits = await search(
          {
            query,
            toolsFile: flags.tools,
            target,
            limit: flags.limit,
            connectTimeoutMs: flags.connectTimeout,
            listTimeoutMs: flags.listTimeout,
          },
          io,
        );
        if (flags.json === true) {
          write(io.stdout, JSON.stringify(hits, null, 2));
        } else {
          const { renderSearchHits } = await import('./render.js');
          write(io.stdout, renderSearchHits(query, hits, paintFor(io.stdout, io.env)));
        }
      },
    );

  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    return reportError(error, io);
  }
  return exitCode;
}

function reportError(error: unknown, io: CommandIO): number {
  if (error instanceof CommanderError) {
    // Commander printed its message already (help and version exit 0).
    return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
  }
  if (error instanceof ExitError) {
    write(io.stderr, `toolschema: ${error.message}`);
    return error.exitCode;
  }
  if (error instanceof ToolSchemaError) {
    write(io.stderr, `toolschema: schema rejected [${error.code}] ${error.message}`);
    return EXIT_SOME_FAILED;
  }
  const reason = error instanceof Error ? error.message : String(error);
  write(io.stderr, `toolschema: unexpected error (this is a bug, please report it): ${reason}`);
  return EXIT_USAGE;
}
