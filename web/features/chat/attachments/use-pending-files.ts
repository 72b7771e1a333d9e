/**
 * The files of the message being written: each is checked by name and size first (the
 * same rule and message as the server), then uploaded with its progress, and ends up
 * ready to send or failed with its reason. A failure a retry may mend (network, server
 * trouble) can be retried; a refusal (too large, a type not allowed) can only be removed.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { limits } from "../../../../common/base/limits.ts";
import { clientCheck, isImageKind, kindFromExtension } from "../../../../common/domain/attachments.ts";
import type { AttachmentDto } from "../../../../common/schemas/chat.ts";
import { attachmentRefusalMessage } from "../../../../common/texts/errors/attachments.ts";
import { ui } from "../../../../common/texts/index.ts";
import { toast } from "../../../components/ui/toaster.tsx";
import { ApiError } from "../../../lib/api.ts";
import { type Uploader, uploadAttachment } from "./api.ts";

const t = ui.thread.attachments;

export type PendingStatus = "uploading" | "done" | "failed";

export interface PendingFile {
  key: string;
  name: string;
  size: number;
  status: PendingStatus;
  /** 0–100 while uploading */
  progress: number;
  /** why it failed, as shown */
  error: string | null;
  /** a retry may help; a refusal by the rules cannot be mended by sending it again */
  retryable: boolean;
  /** the picture shown beside it: a local preview while it is here, or its thumbnail */
  previewUrl: string | null;
  /** the stored file, once uploaded */
  attachment: AttachmentDto | null;
  /** what is uploaded again on a retry; none for files given back by a failed send */
  file: File | null;
}

let keys = 0;
const nextKey = () => {
  keys += 1;
  return `file-${keys}`;
};

/** A local picture for files the browser can show (not HEIC). */
function previewOf(file: File): string | null {
  const kind = kindFromExtension(file.name);
  if (!kind || !isImageKind(kind) || typeof URL.createObjectURL !== "function") return null;
  return URL.createObjectURL(file);
}

const revoke = (entry: PendingFile) => {
  if (entry.file && entry.previewUrl?.startsWith("blob:")) URL.revokeObjectURL(entry.previewUrl);
};

/** The message of a failed upload, and whether trying again could help. */
function failureOf(err: unknown): { error: string; retryable: boolean } {
  if (err instanceof ApiError && (err.status === 413 || err.status === 422))
    return { error: err.message, retryable: false };
  return { error: t.uploadFailedBody, retryable: true };
}

const announceFailure = (message: string) => toast.error(t.uploadFailed, { description: message });

export function usePendingFiles(
  threadId: string,
  { maxUploadMB, upload = uploadAttachment }: { maxUploadMB?: number; upload?: Uploader } = {},
) {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const latest = useRef(files);
  latest.current = files;
  const uploads = useRef(new Map<string, AbortController>());

  const patch = useCallback((key: string, change: Partial<PendingFile>) => {
    setFiles((list) => list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  }, []);

  const start = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      uploads.current.get(key)?.abort();
      uploads.current.set(key, controller);
      patch(key, { status: "uploading", progress: 0, error: null });
      upload({
        threadId,
        file,
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted) patch(key, { progress });
        },
      })
        .then((attachment) => {
          if (controller.signal.aborted) return;
          patch(key, { status: "done", progress: 100, attachment });
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          const failure = failureOf(err);
          patch(key, { status: "failed", ...failure });
          announceFailure(failure.error);
        })
        .finally(() => {
          if (uploads.current.get(key) === controller) uploads.current.delete(key);
        });
    },
    [patch, threadId, upload],
  );

  /** Files chosen, dropped or pasted: each checked, then uploaded; beyond ten, refused. */
  const add = useCallback(
    (chosen: readonly File[]) => {
      const room = limits.attachmentsPerMessage - latest.current.length;
      if (chosen.length > room)
        toast.error(t.uploadFailed, { description: t.tooMany(limits.attachmentsPerMessage) });
      const accepted = chosen.slice(0, Math.max(0, room));
      const entries = accepted.map((file): PendingFile => {
        const refusal = clientCheck({ name: file.name, size: file.size, type: file.type }, maxUploadMB);
        const error = refusal && attachmentRefusalMessage(refusal);
        return {
          key: nextKey(),
          name: file.name,
          size: file.size,
          status: error ? "failed" : "uploading",
          progress: 0,
          error,
          retryable: false,
          // A refused file is never read, not even for a preview.
          previewUrl: error ? null : previewOf(file),
          attachment: null,
          file,
        };
      });
      if (entries.length === 0) return;
      setFiles((list) => [...list, ...entries]);
      for (const entry of entries) {
        if (entry.error) announceFailure(entry.error);
        else if (entry.file) start(entry.key, entry.file);
      }
    },
    [maxUploadMB, start],
  );

  const retry = useCallback(
    (key: string) => {
      const entry = latest.current.find((f) => f.key === key);
      if (entry?.file && entry.status === "failed" && entry.retryable) start(key, entry.file);
    },
    [start],
  );

  const remove = useCallback((key: string) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    const entry = latest.current.find((f) => f.key === key);
    if (entry) revoke(entry);
    setFiles((list) => list.filter((f) => f.key !== key));
  }, []);

  /** After sending: the files went with the message. */
  const clear = useCallback(() => {
    for (const entry of latest.current) revoke(entry);
    setFiles([]);
  }, []);

  /** A send failed: its files, still uploaded, come back to send again. */
  const restore = useCallback((attachments: readonly AttachmentDto[]) => {
    setFiles((list) => {
      const held = new Set(list.flatMap((f) => f.attachment?.id ?? []));
      const back = attachments
        .filter((a) => !held.has(a.id))
        .map(
          (attachment): PendingFile => ({
            key: nextKey(),
            name: attachment.name,
            size: attachment.size,
            status: "done",
            progress: 100,
            error: null,
            retryable: false,
            previewUrl: attachment.thumbnailUrl,
            attachment,
            file: null,
          }),
        );
      return [...back, ...list];
    });
  }, []);

  // Leaving the thread: uploads on their way stop; previews are let go.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
      for (const entry of latest.current) revoke(entry);
    };
  }, []);

  return {
    files,
    add,
    retry,
    remove,
    clear,
    restore,
    uploading: files.some((f) => f.status === "uploading"),
    failed: files.some((f) => f.status === "failed"),
    ready: files.flatMap((f) => (f.status === "done" && f.attachment ? [f.attachment] : [])),
  };
}

export type PendingFiles = ReturnType<typeof usePendingFiles>;
