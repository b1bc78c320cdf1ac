// Whether a process is still there: for the tests that prove no process is left behind.
import { existsSync, readFileSync } from 'node:fs';

/** Whether a process is alive (a zombie waiting for its parent to reap it counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const status = `/proc/${pid}/status`;
  return !(existsSync(status) && /^State:\s+Z/m.test(readFileSync(status, 'utf8')));
}

/** Polls until `pid` is gone, for at most `ms` (the kill is sent; the kernel takes a moment). */
export async function goneWithin(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isRunning(pid);
}
