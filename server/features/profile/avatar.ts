/**
 * Avatars (spec §5 Avatar, decisions.md § Users). An upload is streamed to a temp file
 * with the 5 MB limit enforced as the bytes arrive (the chat files' pipeline), judged an
 * image from its bytes alone, and re-encoded by sharp into a square WebP with no
 * metadata (EXIF, GPS, XMP, ICC all dropped). It is stored under the one key a person
 * has, `avatars/{userId}/avatar.webp`, so the new file replaces the old; the profile's
 * `updated_at` moves with it, which versions the address (platform/avatars.ts).
 */
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { MultipartFile } from "@fastify/multipart";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { userLimits } from "../../../common/schemas/users.ts";
import { profiles } from "../../db/schema.ts";
import { recordAccess } from "../../platform/access-log.ts";
import { recordAudit } from "../../platform/audit.ts";
import { avatarUrlOf } from "../../platform/avatars.ts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { avatarKey } from "../../platform/storage.ts";
import { type Tx, withTx } from "../../platform/tx.ts";
import {
  detectKind,
  maxInputPixels,
  receiveLimited,
  UploadTooLargeError,
} from "../../platform/upload-inspect.ts";

/** The kinds sharp decodes; HEIC and every non-image are refused alike. */
const avatarKinds = new Set(["jpeg", "png", "webp"]);

const notImage = () => new AppError(422, "avatar_not_image");

/** The upload as a square WebP in a temp file beside it; throws 422 for anything not a readable picture. */
async function squareWebp(tmpPath: string): Promise<string> {
  const detected = await detectKind(tmpPath);
  if (!("kind" in detected) || !avatarKinds.has(detected.kind)) throw notImage();
  const out = `${tmpPath}.avatar.webp`;
  try {
    await sharp(tmpPath, { limitInputPixels: maxInputPixels, failOn: "error" })
      .rotate()
      .resize(userLimits.avatarSize, userLimits.avatarSize, { fit: "cover" })
      .webp({ quality: 85 })
      .toFile(out);
    return out;
  } catch {
    await rm(out, { force: true });
    throw notImage();
  }
}

/**
 * Sets or clears the stored key, answering the profile and the key it held before; an
 * admin's change to someone else's is audited and in the person's access log.
 */
async function setAvatarPath(tx: Tx, actorId: string, userId: string, key: string | null) {
  const [before] = await tx
    .select({ key: profiles.avatarPath })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for("update");
  if (!before) throw new AppError(404, "avatar_user_missing");
  const [row] = await tx
    .update(profiles)
    .set({ avatarPath: key, updatedAt: new Date() })
    .where(eq(profiles.userId, userId))
    .returning();
  if (actorId !== userId) {
    await recordAudit(tx, { userId: actorId }, "user.avatar", { type: "user", id: userId });
    await recordAccess(tx, { actorId, subjectId: userId, action: "avatar.change" });
  }
  return { profile: row!, previousKey: before.key };
}

const changed = (ctx: AppContext, actorId: string, userId: string, key: string | null) =>
  withTx(ctx, async (tx, events) => {
    const result = await setAvatarPath(tx, actorId, userId, key);
    events.publish(`user:${userId}`, "user.changed", { userId });
    return result;
  });

/** Stores `part` as the person's avatar and answers its new address. Temp files never outlive the call. */
export async function replaceAvatar(
  ctx: AppContext,
  actorId: string,
  userId: string,
  part: MultipartFile,
): Promise<string | null> {
  const temps: string[] = [];
  try {
    const received = await receiveLimited(part.file, {
      maxBytes: userLimits.avatarMaxBytes,
      tmpDir: path.join(ctx.config.dataDir, "uploads-tmp"),
    });
    temps.push(received.path);
    const square = await squareWebp(received.path);
    temps.push(square);
    const key = avatarKey(userId, "webp");
    await ctx.files.put(key, createReadStream(square));
    return avatarUrlOf((await changed(ctx, actorId, userId, key)).profile);
  } catch (err) {
    if (err instanceof UploadTooLargeError) throw new AppError(413, "avatar_too_large");
    throw err;
  } finally {
    await Promise.all(temps.map((file) => rm(file, { force: true })));
  }
}

/** 'Fjern': no avatar; the file goes once the change is committed. */
export async function removeAvatar(ctx: AppContext, actorId: string, userId: string): Promise<void> {
  const { previousKey } = await changed(ctx, actorId, userId, null);
  if (previousKey) await ctx.files.delete(previousKey);
}

/** The stored picture of a person, or null. */
export async function avatarFile(ctx: AppContext, userId: string) {
  const [row] = await ctx.db
    .select({ key: profiles.avatarPath })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.key ? ctx.files.get(row.key) : null;
}
