/**
 * Deleting a person (decisions.md § Users): their avatar file. The profile row goes with
 * the account; the file is not in the database, so this names the folder
 * (`avatars/{userId}`) for user deletion to remove once its transaction has committed.
 */
import path from "node:path";
import type { Tx } from "../../db/client.ts";
import { avatarKey } from "../../platform/storage.ts";

export async function purgeAvatar(
  _tx: Tx,
  _events: unknown,
  person: { userId: string },
): Promise<{ folders: string[] }> {
  return { folders: [path.posix.dirname(avatarKey(person.userId, "webp"))] };
}
