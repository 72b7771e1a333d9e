/**
 * A person's avatar: PUT (multipart, field `file`) and DELETE /api/users/{userId}/avatar
 * (my own on 'Min Profil', anyone's for admins in 'Rediger bruker'). The upload reports
 * its progress (`upload.ts`).
 */
import { avatarResponse } from "../../common/schemas/users.ts";
import { apiFetch } from "./api.ts";
import { uploadWithProgress } from "./upload.ts";

const avatarPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}/avatar`;

export const uploadAvatar = (userId: string, file: File, onProgress: (percent: number) => void) =>
  uploadWithProgress({ method: "PUT", path: avatarPath(userId), file, schema: avatarResponse, onProgress });

export const removeAvatar = (userId: string) =>
  apiFetch(avatarPath(userId), { method: "DELETE", schema: avatarResponse });
