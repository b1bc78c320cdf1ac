#!/usr/bin/env node
// The `toolschema` executable: runs the CLI on process.argv and sets the exit code (never process.exit()).
import { runCli } from './main.js';

process.exitCode = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
