/**
 * Everything the composer needs of its files, in one place: the flag (no button, no
 * drop, no paste when `chatAttachments` is off), the pending files with the brand's
 * size limit, dragging over the page, pasting, and why sending must wait.
 */
import type { ClipboardEvent } from "react";
import { ui } from "../../../../common/texts/index.ts";
import { useConfig } from "../../../lib/config.tsx";
import { pastedFiles, useFileDrop } from "./use-file-drop.ts";
import { usePendingFiles } from "./use-pending-files.ts";

const t = ui.thread.attachments;

export function useComposerFiles(threadId: string) {
  const { config } = useConfig();
  const on = config.features.chatAttachments;
  const pending = usePendingFiles(threadId, { maxUploadMB: config.limits.maxUploadMB });
  const dragging = useFileDrop(on ? pending.add : null);

  const onPaste = (event: ClipboardEvent) => {
    if (!on) return;
    const files = pastedFiles(event);
    if (files.length > 0) pending.add(files);
  };

  /** Why the message cannot go yet: files on their way, or files that failed. */
  const blocked = pending.uploading ? t.waitForUploads : pending.failed ? t.someFailed : null;

  return { ...pending, on, dragging, onPaste, blocked };
}
