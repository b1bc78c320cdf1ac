#!/usr/bin/env -S node --
// The `toolschema` executable: runs the CLI on process.argv and sets the exit code (never process.exit()).
// (`node --`: Node 20 reads an `--env-file` anywhere in the arguments as its own, and exits 9 when the
// file is missing; after `--` it is the CLI's flag. npm's Windows shims read `env -S` too.)
import { runCli } from './main.js';
// `toolschema … | head` closes the pipe early: that reader has what it wanted, so the rest of
// the output is dropped quietly instead of ending in an EPIPE stack trace.
for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error) => {
        if (error.code !== 'EPIPE')
            throw error;
        stream.destroy();
    });
}
process.exitCode = await runCli(process.argv.slice(2), {
    cwd: process.cwd(),
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
});
//# sourceMappingURL=bin.js.map