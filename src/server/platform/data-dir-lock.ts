import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database may be open in one process only (two would corrupt it), and PGlite leaves no mark another
 * process can read (its postmaster.pid names no real process). A process that opens DATA_DIR writes its pid here, so
 * the backup and restore commands can refuse to open a folder a running server holds.
 */
const PID_FILE = 'hatch.pid';

/** Marks the folder as this process's; the answer removes the mark if it is still ours. */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, PID_FILE);
  writeFileSync(file, `${process.pid}\n`, { mode: 0o644 });
  return () => {
    if (holderPid(file) === process.pid) rmSync(file, { force: true });
  };
}

/** The pid of another live process holding the folder, or null (no mark, a mark left by a killed process, or ours). */
export function dataDirHolder(dataDir: string): number | null {
  const pid = holderPid(path.join(dataDir, PID_FILE));
  if (pid === null || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it lives, under another user.
    return error instanceof Error && 'code' in error && error.code === 'EPERM' ? pid : null;
  }
}

function holderPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
