// An MCP stdio client transport whose server runs in a process group of its own, so closing it ends every process it started.
import { spawn } from 'node:child_process';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
/** The largest line (one JSON-RPC message) a server may write, by default: 16 MiB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** How long a server has to exit after its stdin closes, then after SIGTERM, before SIGKILL. */
const EXIT_GRACE_MS = 1_500;
/** Processes still running when this process is told to stop: killed, group and all, before it goes. */
const liveGroups = new Set();
let signalHandlersInstalled = false;
function killGroup(child, signal) {
    try {
        // A negative pid is the process group the child leads (it was spawned detached).
        if (process.platform !== 'win32' && child.pid !== undefined)
            process.kill(-child.pid, signal);
        else
            child.kill(signal);
    }
    catch {
        // Already gone.
    }
}
function installSignalHandlers() {
    if (signalHandlersInstalled)
        return;
    signalHandlersInstalled = true;
    // A server in its own group does not get the terminal's Ctrl-C: pass it on, then die of it.
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
        process.once(signal, () => {
            for (const child of liveGroups)
                killGroup(child, 'SIGKILL');
            process.kill(process.pid, signal);
        });
    }
    process.once('exit', () => {
        for (const child of liveGroups)
            killGroup(child, 'SIGKILL');
    });
}
/** Why a connection ended that the SDK would only call "closed": kept for the failure message. */
export class TransportFault extends Error {
    name = 'TransportFault';
}
/**
 * Spawns an MCP server and speaks newline-delimited JSON-RPC with it over stdio.
 * - The server leads a new process group (POSIX): `close()` ends stdin, waits, then sends
 *   SIGTERM and finally SIGKILL to the whole group, so a child sharing the server's stdout or
 *   ignoring SIGTERM is not left behind, and this process is not kept alive by its pipes.
 * - SIGINT, SIGTERM and SIGHUP to this process, and its exit, kill every live group first.
 * - A line longer than `maxMessageBytes` ends the connection with a {@link TransportFault};
 *   a line that is not JSON-RPC is reported once through `onerror` and skipped.
 */
export class ProcessGroupStdioTransport {
    options;
    onclose;
    onerror;
    onmessage;
    /** The first reason the connection broke, if it did (too long a line, junk on stdout). */
    fault;
    /** The first line of stdout that was not a JSON-RPC message. */
    junk;
    child;
    buffer = [];
    buffered = 0;
    received = 0;
    closed = false;
    maxMessageBytes;
    constructor(options) {
        this.options = options;
        this.maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    }
    /** The server's process id, once spawned. */
    get pid() {
        return this.child?.pid;
    }
    start() {
        if (this.child !== undefined)
            throw new Error('this transport was started already');
        installSignalHandlers();
        return new Promise((resolve, reject) => {
            const child = spawn(this.options.command, this.options.args, {
                env: this.options.env,
                cwd: this.options.cwd,
                stdio: ['pipe', 'pipe', 'pipe'],
                shell: false,
                detached: process.platform !== 'win32',
                windowsHide: true,
            });
            this.child = child;
            child.once('error', (error) => {
                liveGroups.delete(child);
                reject(error);
                this.onerror?.(error);
            });
            child.once('spawn', () => {
                liveGroups.add(child);
                resolve();
            });
            child.once('exit', () => {
                // The leader is gone; anything left in its group goes too (a grandchild holding stdout).
                killGroup(child, 'SIGKILL');
                liveGroups.delete(child);
            });
            child.once('close', () => this.finish());
            child.stdin?.on('error', (error) => this.onerror?.(error));
            child.stdout?.on('data', (chunk) => this.receive(chunk));
            child.stdout?.on('error', (error) => this.onerror?.(error));
            child.stderr?.on('data', (chunk) => this.options.onStderr?.(chunk));
        });
    }
    receive(chunk) {
        this.received += chunk.length;
        if (this.options.maxTotalBytes !== undefined && this.received > this.options.maxTotalBytes) {
            this.fail(new TransportFault(`the server sent more than ${this.options.maxTotalBytes.toLocaleString('en-US')} bytes in all (--max-total-bytes)`));
            return;
        }
        let start = 0;
        for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
            this.buffer.push(chunk.subarray(start, newline));
            const line = Buffer.concat(this.buffer).toString('utf8').replace(/\r$/, '');
            this.buffer = [];
            this.buffered = 0;
            start = newline + 1;
            this.deliver(line);
        }
        if (start < chunk.length && !this.closed) {
            this.buffer.push(chunk.subarray(start));
            this.buffered += chunk.length - start;
            if (this.buffered > this.maxMessageBytes) {
                this.buffer = [];
                this.buffered = 0;
                this.fail(new TransportFault(`the server sent a message larger than ${Math.round(this.maxMessageBytes / 1024 / 1024)} MiB (--max-message-bytes)`));
            }
        }
    }
    deliver(line) {
        if (line.trim() === '')
            return;
        let message;
        try {
            message = deserializeMessage(line);
        }
        catch {
            // A log line on stdout, or a reply of the wrong shape: say so once, in one line.
            if (this.junk === undefined) {
                this.junk = line.slice(0, 120);
                this.onerror?.(new TransportFault(`the server wrote a line that is not JSON-RPC to stdout: ${this.junk}`));
            }
            return;
        }
        this.onmessage?.(message);
    }
    fail(fault) {
        this.fault ??= fault;
        this.onerror?.(fault);
        void this.close();
    }
    async send(message) {
        const stdin = this.child?.stdin;
        if (stdin === undefined || stdin === null || this.closed)
            throw new Error('not connected');
        await new Promise((resolve, reject) => {
            stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
        });
    }
    /** Ends the server and its whole process group: stdin closed, then SIGTERM, then SIGKILL. */
    async close() {
        const child = this.child;
        if (child === undefined || this.closed) {
            this.finish();
            return;
        }
        this.closed = true;
        const exited = new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null)
                resolve();
            else
                child.once('exit', () => resolve());
        });
        const wait = (ms) => Promise.race([
            exited.then(() => true),
            new Promise((resolve) => setTimeout(resolve, ms, false).unref()),
        ]);
        child.stdin?.end();
        if (!(await wait(EXIT_GRACE_MS))) {
            killGroup(child, 'SIGTERM');
            if (!(await wait(EXIT_GRACE_MS)))
                killGroup(child, 'SIGKILL');
        }
        // The group may outlive its leader (a child that ignores SIGTERM): end it, and stop reading.
        killGroup(child, 'SIGKILL');
        liveGroups.delete(child);
        child.stdout?.destroy();
        child.stderr?.destroy();
        this.finish();
    }
    finish() {
        if (this.onclose === undefined)
            return;
        const onclose = this.onclose;
        this.onclose = undefined;
        onclose();
    }
}
//# sourceMappingURL=stdio-transport.js.map