/** Uploading one chat file, with the share sent for the composer's progress bar. */
import { type AttachmentDto, attachmentDto } from "../../../../common/schemas/chat.ts";
import { uploadWithProgress } from "../../../lib/upload.ts";

export interface UploadRequest {
  threadId: string;
  file: File;
  /** 0–100: the share of the file's bytes sent */
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

export type Uploader = (request: UploadRequest) => Promise<AttachmentDto>;

/** POST /api/chat/threads/{id}/attachments, multipart with the one field `file`. */
export const uploadAttachment: Uploader = ({ threadId, file, onProgress, signal }) =>
  uploadWithProgress({
    method: "POST",
    path: `/api/chat/threads/${encodeURIComponent(threadId)}/attachments`,
    file,
    schema: attachmentDto,
    onProgress,
    signal,
  });
