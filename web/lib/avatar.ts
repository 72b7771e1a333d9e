/**
 * A person's avatar: PUT (multipart, field `file`) and DELETE /api/users/{userId}/avatar
 * (my own on 'Min Profil', anyone's for admins in 'Rediger bruker'). The upload
 * goes by XMLHttpRequest, the only way to hear how much of it has gone; its answer and
 * refusals are read as apiFetch reads them.
 */

import { errorResponse } from "../../common/schemas/errors.ts";
import { avatarResponse } from "../../common/schemas/users.ts";
import { errorMessages, ui } from "../../common/texts/index.ts";
import { ApiError, apiFetch } from "./api.ts";

const avatarPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}/avatar`;

function answerOf(status: number, body: string) {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  if (status >= 200 && status < 300) {
    const parsed = avatarResponse.safeParse(json);
    if (parsed.success) return parsed.data;
  }
  const refusal = errorResponse.safeParse(json);
  if (refusal.success) throw new ApiError(refusal.data.error.code, refusal.data.error.message, status);
  throw new ApiError("internal", errorMessages.internal, status);
}

export function uploadAvatar(userId: string, file: File, onProgress: (percent: number) => void) {
  return new Promise<{ avatarUrl: string | null }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", avatarPath(userId));
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(answerOf(xhr.status, xhr.responseText));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => reject(new ApiError("network", ui.common.networkError, 0));
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

export const removeAvatar = (userId: string) =>
  apiFetch(avatarPath(userId), { method: "DELETE", schema: avatarResponse });
