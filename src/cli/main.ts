// Argument parsing and dispatch: declares commands and flags, lazy-imports each command.
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { ToolSchemaError } from '../errors.js';
import { EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, ExitError } from './exit-error.js';
import type { CommandIO } from './io.js';
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
