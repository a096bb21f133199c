import type { ChildProcess } from 'node:child_process';

/** Asks a child server to stop (SIGTERM, so it drains and closes its database), and kills it if it has not within `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
