/**
 * The embedded database's folder belongs to one process. PGlite takes no lock of its own:
 * two processes on one DATA_DIR both run, each sees only its own writes, and whichever
 * writes its files last loses the other's acknowledged writes.
 *
 * The lock is a file created with O_EXCL (atomic: of two processes only one creates it)
 * holding the holder's pid, host and boot. A lock whose holder is gone (kill -9, a crash,
 * a power loss) is stale and taken over: on the same host it is stale when that boot has
 * ended or no process has that pid. A lock written on another host (a container sharing
 * the volume: its pids are not ours to check) is never presumed stale, since taking it
 * over wrongly is the data loss this prevents; the message says how to clear it.
 */
import { randomUUID } from "node:crypto";
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConfigError } from "../config.ts";

interface Holder {
  pid: number;
  host: string;
  boot: string;
  /** this lock's own id: a takeover checks it moved the stale file it read, not a new one */
  id: string;
}

export interface DataDirLock {
  release(): void;
}

const lockFileName = "vaktrom.lock";

function currentBoot(): string {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    // Not Linux: only the pid check remains.
    return "";
  }
}

function readHolder(file: string): Holder | null {
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as Holder;
    return typeof holder.pid === "number" ? holder : null;
  } catch {
    // Gone, or unreadable (a power loss before the file's data reached the disk).
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isStale(holder: Holder | null, me: Holder): boolean {
  if (holder === null) return true;
  if (holder.host !== me.host) return false;
  if (holder.boot && me.boot && holder.boot !== me.boot) return true;
  // Our own pid in the file is a previous life of this pid (a container's pid 1).
  return holder.pid === process.pid || !isAlive(holder.pid);
}

/** Creates the lock whole: written aside, then linked in place (link never overwrites). */
function tryCreate(file: string, me: Holder): boolean {
  const written = `${file}.${me.id}`;
  writeFileSync(written, JSON.stringify(me));
  try {
    linkSync(written, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  } finally {
    rmSync(written, { force: true });
  }
}

/**
 * Moves a stale lock aside, unless another process replaced it meanwhile: the rename is
 * atomic, and what was moved is checked to be the stale lock that was read (else it is
 * put back with link, which never overwrites).
 */
function removeStale(file: string, stale: Holder | null, me: Holder): void {
  const aside = `${file}.${me.id}.stale`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  if (readHolder(aside)?.id !== stale?.id) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone holds it again already; the next attempt reads and names them.
    }
  }
  rmSync(aside, { force: true });
}

function refusal(dir: string, holder: Holder, me: Holder): ConfigError {
  const where = holder.host === me.host ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.host}`;
  return new ConfigError(
    `The embedded database in ${dir} is in use by ${where}: only one process may open it (several instances need DATABASE_URL). ` +
      `Stop that process or give this one another DATA_DIR. If that process is surely gone, delete ${path.join(dir, lockFileName)}.`,
  );
}

/** Takes `dir`'s lock or throws a ConfigError naming the folder and the live holder. */
export function lockDataDir(dir: string): DataDirLock {
  const file = path.join(dir, lockFileName);
  const me: Holder = { pid: process.pid, host: os.hostname(), boot: currentBoot(), id: randomUUID() };
  // A few rounds: each failed one means another process changed the lock meanwhile.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file, me)) {
      return {
        release() {
          if (readHolder(file)?.id === me.id) rmSync(file, { force: true });
        },
      };
    }
    const holder = readHolder(file);
    if (!isStale(holder, me)) throw refusal(dir, holder!, me);
    removeStale(file, holder, me);
  }
  throw new ConfigError(
    `Could not take the lock of the embedded database in ${dir}: other processes keep changing it.`,
  );
}
