import { CircleCheck, RotateCw, X } from "lucide-react";
import { useId, useState } from "react";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import { ui } from "../../../../common/texts/index.ts";
import { FileKindIcon } from "../../../components/file-kind-icon.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatFileSize, guessKind } from "./file-info.ts";
import type { PendingFile } from "./use-pending-files.ts";

const t = ui.thread.attachments;

function Progress({ name, value }: { name: string; value: number }) {
  return (
    <div className="mt-1 flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={t.uploadProgress(name)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${value}%` }} />
      </div>
      <span aria-hidden className="w-9 shrink-0 text-right text-xs text-muted-fg tabular">
        {value} %
      </span>
    </div>
  );
}

function PendingItem({
  entry,
  onRetry,
  onRemove,
}: {
  entry: PendingFile;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
}) {
  const errorId = useId();
  const [unshowable, setUnshowable] = useState(false);
  const kind = entry.attachment?.kind ?? guessKind(entry.name);
  const failed = entry.status === "failed";
  // A refused file is no picture to show, whatever its name says.
  const preview = entry.previewUrl && !unshowable && !(failed && !entry.retryable) ? entry.previewUrl : null;
  return (
    <li
      className={cn(
        "flex w-64 shrink-0 items-start gap-2.5 rounded-lg border bg-white p-2 text-sm",
        failed ? "border-error/60 bg-error/5" : "border-border",
      )}
    >
      {preview ? (
        <img
          src={preview}
          alt=""
          onError={() => setUnshowable(true)}
          className="size-10 shrink-0 rounded-md border border-border object-cover"
        />
      ) : (
        <FileKindIcon kind={kind} />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-ink" title={withoutBidiControls(entry.name)}>
          <UserText>{entry.name}</UserText>
        </p>
        {entry.status === "uploading" && (
          <>
            <p className="text-xs text-muted-fg">{t.uploading}</p>
            <Progress name={entry.name} value={entry.progress} />
          </>
        )}
        {entry.status === "done" && (
          <p className="flex items-center gap-1 text-xs text-muted-fg tabular">
            <CircleCheck aria-hidden className="size-3.5 text-success" />
            <span className="sr-only">{t.uploaded}, </span>
            {formatFileSize(entry.size)}
          </p>
        )}
        {failed && (
          <>
            <p id={errorId} className="text-xs text-error">
              {entry.error}
            </p>
            {entry.retryable && (
              <Button
                variant="link"
                size="sm"
                aria-describedby={errorId}
                onClick={() => onRetry(entry.key)}
                className="mt-0.5 h-11 gap-1 text-xs md:h-9"
              >
                <RotateCw aria-hidden className="size-3.5" />
                {t.retry}
              </Button>
            )}
          </>
        )}
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t.removeName(entry.name)}
        aria-describedby={failed ? errorId : undefined}
        title={t.remove}
        onClick={() => onRemove(entry.key)}
        className="-mt-1 -mr-1 size-11 text-muted-fg hover:text-ink md:size-8"
      >
        <X aria-hidden />
      </Button>
    </li>
  );
}

/**
 * The files going with the message being written: name, progress 0–100, ready, or
 * failed with its reason, 'Prøv igjen' where that can help and a way to remove each.
 * Scrolls sideways on a phone, wraps on a wider screen.
 */
export function PendingFiles({
  files,
  onRetry,
  onRemove,
}: {
  files: readonly PendingFile[];
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
}) {
  if (files.length === 0) return null;
  return (
    <ul
      aria-label={t.pendingLabel}
      className="-mx-3 mb-2 flex gap-2 overflow-x-auto px-3 pb-1 md:mx-0 md:flex-wrap md:overflow-visible md:px-0"
    >
      {files.map((entry) => (
        <PendingItem key={entry.key} entry={entry} onRetry={onRetry} onRemove={onRemove} />
      ))}
    </ul>
  );
}
