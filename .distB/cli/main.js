// Declares the commands and their flags; parses argv into one command's options and runs it.
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { ToolSchemaError } from '../errors.js';
import { anyTargetDefinition, PROVIDER_TARGETS, } from '../providers/targets/registry.js';
import { COMPACTION_POLICIES } from '../schema/compaction/driver.js';
import { ALL_LINT_TARGETS } from './commands/lint.js';
import { EXIT_OK, EXIT_SOME_FAILED, EXIT_USAGE, ExitError } from './exit-error.js';
import { fitHelp, fitText, terminalWidth } from './fit.js';
import { collectEnv, collectHeader, FlagValueError, parseByteCount, parseCount, parseMilliseconds, readEnvFile, } from './flags.js';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_LIST_TIMEOUT_MS, DEFAULT_MCP_CLIENT_LIMITS, DEFAULT_PASSED_ENV_VARIABLES, } from './mcp-client.js';
import { printableText } from './printable.js';
const EXIT_CODES_HELP = `
Exit codes:
  0  ok
  1  some schemas or tools failed, or no validated value (the rest is printed)
  2  usage error, unreadable input, or a server that could not be reached`;
function packageVersion() {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    return manifest.version;
}
/** A flag parser whose errors commander prints as `option '…' argument '…' is invalid. <why>`. */
function flagParser(parse) {
    return (value, previous) => {
        try {
            return parse(value, previous);
        }
        catch (error) {
            if (error instanceof FlagValueError)
                throw new InvalidArgumentError(error.message);
            throw error;
        }
    };
}
function parseProviderTarget(value) {
    if (!PROVIDER_TARGETS.includes(value))
        throw new FlagValueError(`expected one of ${PROVIDER_TARGETS.join(', ')}`);
    return value;
}
/** The compaction flags: the policy and a budget in bytes or tokens. */
function compactionFlags(command) {
    return command
        .addOption(new Option('--compaction <policy>', 'compaction policy for oversized schemas (default reference)').choices(COMPACTION_POLICIES))
        .addOption(new Option('--budget <bytes>', 'compaction budget in bytes (default 5,000)').argParser(flagParser(parseByteCount)))
        .addOption(new Option('--budget-tokens <n>', 'compaction budget in o200k tokens, instead of bytes')
        .argParser(flagParser(parseByteCount))
        .conflicts('budget'));
}
/** The flags shared by the schema commands. */
function schemaFlags(command) {
    return compactionFlags(command.option('--no-compaction', 'skip compaction (parseToolInputSchemaWithoutCompaction)'));
}
/** The compaction options of the flags (`--no-compaction` is `compaction: false`). */
function compactionOptions(flags) {
    return {
        compaction: flags.compaction !== false,
        compactionPolicy: typeof flags.compaction === 'string' ? flags.compaction : 'reference',
        budgetBytes: flags.budget,
        budgetTokens: flags.budgetTokens,
    };
}
/** The flags of commands that talk to an MCP server. */
function mcpFlags(command, env) {
    return command
        .option('--url <url>', 'an MCP server over Streamable HTTP (falls back to SSE)')
        .addOption(new Option('--header <header>', 'with --url: a request header "Name: value" (repeatable)').argParser(flagParser(collectHeader)))
        .addOption(new Option('--env <KEY=VALUE>', `with a command: an environment variable for the server (repeatable; KEY alone passes this shell's value). Without it the server gets only ${DEFAULT_PASSED_ENV_VARIABLES.join(', ')}`).argParser(flagParser((value, previous) => collectEnv(value, previous, env))))
        .option('--env-file <file>', 'with a command: environment variables for the server from a dotenv file')
        .addOption(new Option('--connect-timeout <ms>', 'time to start and initialize the server')
        .argParser(flagParser(parseMilliseconds))
        .default(DEFAULT_CONNECT_TIMEOUT_MS))
        .addOption(new Option('--list-timeout <ms>', 'time for each tools/list page')
        .argParser(flagParser(parseMilliseconds))
        .default(DEFAULT_LIST_TIMEOUT_MS))
        .addOption(new Option('--deadline <ms>', 'time for the whole listing, connect included')
        .argParser(flagParser(parseMilliseconds))
        .default(DEFAULT_MCP_CLIENT_LIMITS.deadlineMs))
        .addOption(new Option('--max-tools <n>', 'most tools listed across pages')
        .argParser(flagParser(parseCount))
        .default(DEFAULT_MCP_CLIENT_LIMITS.maxTools))
        .addOption(new Option('--max-message-bytes <bytes>', 'largest single message from the server')
        .argParser(flagParser(parseByteCount))
        .default(DEFAULT_MCP_CLIENT_LIMITS.maxMessageBytes))
        .addOption(new Option('--max-total-bytes <bytes>', 'most bytes read from the server in all')
        .argParser(flagParser(parseByteCount))
        .default(DEFAULT_MCP_CLIENT_LIMITS.maxTotalBytes));
}
/** The bounds on one listing, from the flags. */
function mcpLimits(flags) {
    return {
        deadlineMs: flags.deadline,
        maxTools: flags.maxTools,
        maxMessageBytes: flags.maxMessageBytes,
        maxTotalBytes: flags.maxTotalBytes,
    };
}
/** The server to talk to: `--url` (with headers), or the command after `--` (with its environment). */
function mcpTarget(command, flags, required, io) {
    if (flags.url !== undefined && command.length > 0)
        throw new ExitError('give either --url or a command after --, not both');
    if (flags.url !== undefined) {
        if (flags.env !== undefined || flags.envFile !== undefined)
            throw new ExitError('--env and --env-file are for a server command; over --url, use --header');
        return { url: flags.url, ...(flags.header === undefined ? {} : { headers: flags.header }) };
    }
    if (flags.header !== undefined)
        throw new ExitError('--header is for --url; a server command takes --env');
    const [executable, ...args] = command;
    if (executable !== undefined) {
        const env = { ...(flags.envFile === undefined ? {} : readEnvFile(flags.envFile, io.cwd)), ...flags.env };
        return { command: executable, args, ...(Object.keys(env).length === 0 ? {} : { env }) };
    }
    if (required)
        throw new ExitError('give the server: toolschema mcp -- COMMAND [ARGS...], or --url URL');
    return undefined;
}
/** Declares every command; each action only turns its arguments and flags into options. */
function declareProgram(io, parsed) {
    const program = new Command('toolschema')
        .description('Normalize tool input schemas into what model APIs accept, and explain every change.')
        .version(packageVersion(), '-v, --version')
        .exitOverride()
        .configureOutput({
        writeOut: (text) => io.stdout.write(fitHelp(text, terminalWidth(io.stdout, io.env))),
        writeErr: (text) => io.stderr.write(text),
        outputError: (text, writeErr) => writeErr(`toolschema: ${text.replace(/^error: /, '')}`),
        // Help fits the terminal too (80 columns when not a TTY).
        getOutHelpWidth: () => terminalWidth(io.stdout, io.env),
        getErrHelpWidth: () => terminalWidth(io.stderr, io.env),
    })
        .configureHelp({ helpWidth: terminalWidth(io.stdout, io.env) })
        .addHelpText('after', EXIT_CODES_HELP);
    schemaFlags(program
        .command('explain')
        .argument('[files...]', 'JSON schema files, or - for stdin (the default)')
        .description('show what each pipeline stage changed, by JSON path, and the final schema')
        .summary('what each stage changed, by path')
        .option('--json', 'print the explainToolInputSchema result as JSON'))
        .addHelpText('after', '\nExamples:\n  toolschema explain schema.json\n  cat schema.json | toolschema explain --budget 2000\n  toolschema explain --json schema.json')
        .action((files, flags) => parsed({
        command: 'explain',
        options: { files: files.length === 0 ? ['-'] : files, ...compactionOptions(flags), json: flags.json === true },
    }));
    schemaFlags(program
        .command('normalize')
        .argument('[file]', 'a JSON schema file, or - for stdin', '-')
        .description('print the schema the model will see, as JSON')
        .summary('the schema the model sees, as JSON')
        .option('--pretty', 'indent the JSON'))
        .addHelpText('after', '\nExamples:\n  toolschema normalize schema.json\n  toolschema normalize --no-compaction --pretty - < schema.json')
        .action((file, flags) => {
        const { compaction, compactionPolicy, budgetBytes, budgetTokens } = compactionOptions(flags);
        parsed({
            command: 'normalize',
            options: { file, compaction, compactionPolicy, budgetBytes, budgetTokens, pretty: flags.pretty === true },
        });
    });
    mcpFlags(compactionFlags(program.command('mcp'))
        .argument('[command...]', 'the stdio server command and its arguments, after --')
        .description("list a real MCP server's tools and show what the model will see of each, and what it loses")
        .summary("what a model sees of a server's tools")
        .option('--json', "print the Responses API tools array (with --explain: that tool's explain report)")
        .option('--tools <file>', 'a saved tools/list result (or an array of MCP tools) instead of a server')
        .option('--deferred', 'mark the tools defer_loading (with --json)')
        .option('--explain <tool>', "show one tool's full explain (with --target: and what the target changed)")
        .addOption(new Option('--target <target>', `the provider wire shape: ${PROVIDER_TARGETS.join(', ')}`)
        .argParser(flagParser(parseProviderTarget))
        .default('codex'))
        .option('--strict', 'strict schemas where the target has them (OpenAI, Anthropic)')
        .option('--namespace <name>', 'prefix provider-side names: NAME__tool')
        .addOption(new Option('--description-limit <bytes>', 'cut descriptions to this many UTF-8 bytes').argParser(flagParser(parseByteCount))), io.env)
        .addHelpText('after', '\nExamples:\n  toolschema mcp -- npx -y @modelcontextprotocol/server-everything\n  toolschema mcp --target openai-responses --strict -- node my-server.js\n  toolschema mcp --env API_KEY=secret -- node my-server.js\n  toolschema mcp --json --deferred -- node my-server.js\n  toolschema mcp --url http://127.0.0.1:3000/mcp --header "Authorization: Bearer TOKEN" --explain create_issue')
        .action((command, flags) => {
        if (flags.strict === true && !anyTargetDefinition(flags.target).strictCapable)
            throw new ExitError(strictUnavailable(flags.target));
        const server = mcpTarget(command, flags, flags.tools === undefined, io);
        if (server !== undefined && flags.tools !== undefined)
            throw new ExitError('give either --tools or a server, not both');
        parsed({
            command: 'mcp',
            options: {
                target: server,
                ...(flags.tools === undefined ? {} : { toolsFile: flags.tools }),
                deferred: flags.deferred === true,
                budgetBytes: flags.budget,
                descriptionLimit: flags.descriptionLimit,
                connectTimeoutMs: flags.connectTimeout,
                listTimeoutMs: flags.listTimeout,
                mcpLimits: mcpLimits(flags),
                explainTool: flags.explain,
                json: flags.json === true,
                providerTarget: flags.target,
                strict: flags.strict === true,
                namespace: flags.namespace,
                compactionPolicy: flags.compaction ?? 'reference',
                budgetTokens: flags.budgetTokens,
            },
        });
    });
    program
        .command('decode')
        .argument('[message]', "the model's final message text, or - for stdin", '-')
        .description('decode a final message against an output schema: the typed value, or why there is none')
        .summary('a final message as a typed value')
        .requiredOption('--schema <file>', 'the output JSON Schema')
        .option('--strict', 'the request was strict (may report guarantee "strict")')
        .option('--fallback', 'also try fenced code blocks and the first JSON object in prose (still validated)')
        .option('--text-fallback', 'print the plain text when nothing validates (exit 1: it is not a validated value)')
        .option('--no-json-schema-support', 'the provider cannot enforce JSON Schema')
        .option('--json', 'print the whole result as JSON')
        .addHelpText('after', '\nExamples:\n  toolschema decode --schema answer.schema.json \'{"answer":"4"}\'\n  toolschema decode --schema answer.schema.json --fallback - < model-output.txt\n\nExit: 0 a value that passed the schema, 1 no such value (the kind is printed; a --text-fallback text too), 2 usage error or a schema that cannot be read or compiled.')
        .action((message, flags) => parsed({
        command: 'decode',
        options: {
            schemaFile: flags.schema,
            message,
            strict: flags.strict === true,
            fallback: flags.fallback === true,
            textFallback: flags.textFallback === true,
            providerSupportsJsonSchema: flags.jsonSchemaSupport,
            json: flags.json === true,
        },
    }));
    mcpFlags(program
        .command('search')
        .argument('<query>', 'what you are looking for, in words')
        .argument('[command...]', 'a stdio MCP server command and its arguments, after --')
        .description('rank tools for a query (BM25), from a JSON file of tools or a live MCP server')
        .summary("rank a server's tools for a query")
        .option('--tools <file>', 'a JSON file: a tools/list result, an array of MCP tools, or Responses tools')
        .addOption(new Option('--limit <n>', 'how many results').argParser(flagParser(parseCount)).default(8))
        .option('--json', 'print the hits as JSON'), io.env)
        .addHelpText('after', '\nExamples:\n  toolschema search "take a screenshot" --tools tools.json\n  toolschema search "read a file" -- npx -y @modelcontextprotocol/server-filesystem /tmp')
        .action((query, command, flags) => {
        const target = mcpTarget(command, flags, false, io);
        if (target !== undefined && flags.tools !== undefined)
            throw new ExitError('give either --tools or a server, not both');
        parsed({
            command: 'search',
            options: {
                query,
                toolsFile: flags.tools,
                target,
                limit: flags.limit,
                connectTimeoutMs: flags.connectTimeout,
                listTimeoutMs: flags.listTimeout,
                mcpLimits: mcpLimits(flags),
                json: flags.json === true,
            },
        });
    });
    mcpFlags(program
        .command('lint')
        .argument('[command...]', 'a stdio MCP server command and its arguments, after --')
        .description("check a server's tools, as they are, against every provider's documented rules (exit 1 if any would be rejected)")
        .summary("check tools against providers' rules")
        .option('--tools <file>', 'a JSON file: a tools/list result or an array of MCP tools')
        .addOption(new Option('--target <target>', 'check only this target (repeatable; default: all)').argParser(flagParser((value, previous) => [
        ...(previous ?? []),
        parseProviderTarget(value),
    ])))
        .option('--strict', 'with --target: check the strict rules only')
        .option('--json', 'print the report as JSON'), io.env)
        .addHelpText('after', '\nExamples:\n  toolschema lint -- node dist/server.js\n  toolschema lint --target openai-responses --strict --tools tools.json\n\nExit: 0 every target accepts every tool, 1 some target would reject a tool, 2 usage error or unreachable server.')
        .action((command, flags) => {
        const target = mcpTarget(command, flags, false, io);
        if (target !== undefined && flags.tools !== undefined)
            throw new ExitError('give either --tools or a server, not both');
        const chosen = flags.target?.filter((name) => name !== 'codex');
        const targets = chosen === undefined
            ? [...ALL_LINT_TARGETS]
            : ALL_LINT_TARGETS.filter((mode) => chosen.includes(mode.target) && (flags.strict !== true || mode.strict));
        parsed({
            command: 'lint',
            options: {
                toolsFile: flags.tools,
                target,
                targets,
                connectTimeoutMs: flags.connectTimeout,
                listTimeoutMs: flags.listTimeout,
                mcpLimits: mcpLimits(flags),
                json: flags.json === true,
            },
        });
    });
    program
        .command('playground')
        .description('serve the playground on 127.0.0.1: every stage, every target and every byte, in the browser')
        .summary('the playground, in your browser')
        .addOption(new Option('--port <port>', 'the port (0: any free one)').argParser(flagParser(parseByteCount)).default(4173))
        .addHelpText('after', '\nExamples:\n  toolschema playground\n  toolschema playground --port 0')
        .action((flags) => parsed({ command: 'playground', options: { port: flags.port } }));
    declareProxy(program, io, parsed);
    return program;
}
/** The usage error of `--strict` on a target that has no strict mode (it used to be ignored). */
function strictUnavailable(target) {
    const capable = PROVIDER_TARGETS.filter((name) => anyTargetDefinition(name).strictCapable);
    return `--strict: ${target} has no strict mode (${capable.join(', ')} have)`;
}
/** Targets whose wire carries a JSON Schema: what an MCP host can be served (not Gemini's OpenAPI `Schema`). */
const PROXY_TARGETS = PROVIDER_TARGETS.filter((target) => target !== 'gemini' && target !== 'codex');
/** `HOST:PORT` (`[::1]:PORT` for IPv6; a bare port means loopback). */
function parseListen(value) {
    const match = /^(?:\[([^\]]+)\]|([^:]*)):(\d{1,5})$/.exec(value) ?? /^()()(\d{1,5})$/.exec(value);
    const port = Number(match?.[3]);
    if (match === null || !(port >= 0 && port <= 65_535))
        throw new FlagValueError('expected HOST:PORT, e.g. 127.0.0.1:8080 (port 0: any free one)');
    return { host: match[1] ?? (match[2] === '' || match[2] === undefined ? '127.0.0.1' : match[2]), port };
}
function collectList(value, previous) {
    return [...(previous ?? []), value];
}
/** `toolschema proxy`: the host's side of a server, converted (see commands/proxy.ts). */
function declareProxy(program, io, parsed) {
    mcpFlags(program
        .command('proxy')
        .argument('[command...]', 'the upstream stdio server command and its arguments, after --')
        .description("serve an MCP server's tools to any host, converted so every provider takes them; calls are restored and checked before they reach the server")
        .summary("a server's tools, fixed for every host")
        .addOption(new Option('--target <target>', `what to serve: ${PROXY_TARGETS.join(', ')}`)
        .choices(PROXY_TARGETS)
        .default('portable'))
        .option('--strict', 'strict schemas where the target has them (OpenAI, Anthropic)')
        .addOption(new Option('--max-name <n>', 'longest tool name served, 16-64 (hosts add prefixes such as mcp__server__)')
        .argParser(flagParser(parseCount))
        .default(64))
        .addOption(new Option('--include <glob>', 'serve only upstream tools whose name matches (repeatable)').argParser(collectList))
        .addOption(new Option('--exclude <glob>', 'leave out upstream tools whose name matches (repeatable)').argParser(collectList))
        .addOption(new Option('--budget-tokens <n>', 'compact each tool to at most this many o200k tokens').argParser(flagParser(parseByteCount)))
        .addOption(new Option('--budget-bytes <n>', 'compact each tool schema to at most this many bytes')
        .argParser(flagParser(parseByteCount))
        .conflicts('budgetTokens'))
        .addOption(new Option('--compaction <policy>', 'how to compact a tool over budget')
        .choices(COMPACTION_POLICIES)
        .default('fidelity'))
        .addOption(new Option('--listen <host:port>', 'serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio').argParser(flagParser(parseListen)))
        .option('--dry-run', 'print what a host would be served, then exit')
        .option('--json', 'with --dry-run: print the tools/list result as JSON'), io.env)
        .addHelpText('after', '\nExamples:\n  toolschema proxy -- npx -y @modelcontextprotocol/server-everything\n  toolschema proxy --dry-run -- node my-server.js\n  toolschema proxy --target openai-responses --strict --max-name 40 -- node my-server.js\n  toolschema proxy --listen 127.0.0.1:8080 --url https://example.com/mcp --header "Authorization: Bearer TOKEN"')
        .action((command, flags) => {
        const upstream = mcpTarget(command, flags, false, io);
        if (upstream === undefined)
            throw new ExitError('give the upstream server: toolschema proxy -- COMMAND [ARGS...], or --url URL');
        if (flags.maxName < 16 || flags.maxName > 64)
            throw new ExitError('--max-name must be from 16 to 64');
        if (flags.strict === true && !anyTargetDefinition(flags.target).strictCapable)
            throw new ExitError(`--strict: ${flags.target} has no strict mode (openai-responses, openai-chat and anthropic have)`);
        parsed({
            command: 'proxy',
            options: {
                upstream,
                serve: {
                    target: flags.target,
                    strict: flags.strict === true,
                    maxNameLength: flags.maxName,
                    include: flags.include ?? [],
                    exclude: flags.exclude ?? [],
                    budgetBytes: flags.budgetBytes,
                    budgetTokens: flags.budgetTokens,
                    compactionPolicy: flags.compaction,
                },
                listen: flags.listen,
                dryRun: flags.dryRun === true,
                json: flags.json === true,
                connectTimeoutMs: flags.connectTimeout,
                listTimeoutMs: flags.listTimeout,
                mcpLimits: mcpLimits(flags),
            },
        });
    });
}
/**
 * Parses argv (without `node` and the script) into one command's options, without running it.
 * Returns undefined when commander handled the arguments itself (help, version); throws
 * `CommanderError` for usage errors (already printed) and `ExitError` for conflicting flags.
 */
export async function parseCommandLine(argv, io) {
    let invocation;
    await declareProgram(io, (parsed) => {
        invocation = parsed;
    }).parseAsync([...argv], { from: 'user' });
    return invocation;
}
/** Runs one parsed command (each command file is imported only when it runs). */
async function runInvocation(invocation, io) {
    switch (invocation.command) {
        case 'explain':
            return (await import('./commands/explain.js')).explain(invocation.options, io);
        case 'normalize':
            return (await import('./commands/normalize.js')).normalize(invocation.options, io);
        case 'mcp':
            return (await import('./commands/mcp.js')).mcp(invocation.options, io);
        case 'decode':
            return (await import('./commands/decode.js')).decode(invocation.options, io);
        case 'search':
            return (await import('./commands/search.js')).search(invocation.options, io);
        case 'lint':
            return (await import('./commands/lint.js')).lint(invocation.options, io);
        case 'playground':
            return (await import('./commands/playground.js')).playground(invocation.options, io);
        case 'proxy':
            return (await import('./commands/proxy.js')).proxy(invocation.options, io);
        default:
            return invocation;
    }
}
/**
 * Writes a line; control characters from servers and models are shown escaped (see
 * `printableText`), and a rendered text view (`width`) wraps to the terminal's width.
 */
function write(stream, text, keepStyles = false, width) {
    const printable = printableText(text, keepStyles);
    const shown = width === undefined ? printable : fitText(printable, width);
    stream.write(shown.endsWith('\n') ? shown : `${shown}\n`);
}
/**
 * Runs the CLI with the given arguments (without `node` and the script) and returns the exit code.
 * Never throws and never calls `process.exit()`: errors become one line on stderr.
 */
export async function runCli(argv, io) {
    try {
        const invocation = await parseCommandLine(argv, io);
        if (invocation === undefined)
            return EXIT_OK;
        const output = await runInvocation(invocation, io);
        const width = output.styled === true ? terminalWidth(io.stdout, io.env) : undefined;
        for (const text of output.stdout)
            write(io.stdout, text, output.styled === true, width);
        for (const text of output.stderr)
            write(io.stderr, text);
        return output.exitCode;
    }
    catch (error) {
        return reportError(error, io);
    }
}
function reportError(error, io) {
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
//# sourceMappingURL=main.js.map