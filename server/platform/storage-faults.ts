/**
 * Faults of the disk or the database's storage, told apart by their codes, so that a
 * full or broken disk is answered honestly instead of with a 500: no room (a full disk
 * or quota, PostgreSQL's `disk_full`) is `storage_full` (507); a disk that cannot be
 * written (read-only, permissions, I/O errors, a data folder below a file) is
 * `storage_unavailable` (503, try again later). Drizzle wraps a driver's error in
 * `cause`, so the chain is followed a few links down.
 */
const noRoom = new Set(["ENOSPC", "EDQUOT", "53100"]);
const notWritable = new Set(["EROFS", "EACCES", "EPERM", "EIO", "ENOTDIR"]);

export type StorageFault = { code: "storage_full" | "storage_unavailable"; errno: string };

export function storageFault(err: unknown): StorageFault | null {
  let e = err;
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && noRoom.has(code)) return { code: "storage_full", errno: code };
    if (typeof code === "string" && notWritable.has(code))
      return { code: "storage_unavailable", errno: code };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
