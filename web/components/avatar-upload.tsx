/**
 * Choosing, replacing and removing a person's avatar, with a preview and the upload's
 * progress. The caller says how (`upload`, `remove`): 'Min Profil' for oneself, the
 * admin's 'Rediger bruker' for someone else. The type and the 5 MB limit are checked
 * here first with the server's own words; the server decides from the bytes in the end.
 */
import { ImageUp, Trash2 } from "lucide-react";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { userLimits } from "../../common/schemas/users.ts";
import { ui } from "../../common/texts/index.ts";
import { errorText } from "../lib/api.ts";
import { Avatar } from "./ui/avatar.tsx";
import { Button } from "./ui/button.tsx";
import { FormAlert } from "./ui/form-alert.tsx";
import { toast } from "./ui/toaster.tsx";

const t = ui.avatar;

/** What is wrong with the file before it is sent, or null. */
export function avatarFileProblem(file: File): string | null {
  if (!file.type.startsWith("image/")) return t.notImage;
  if (file.size > userLimits.avatarMaxBytes) return t.tooLarge;
  return null;
}

export interface AvatarUploadProps {
  name: string;
  src: string | null;
  /** sends the file, reporting 0–100 as it goes */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  remove: () => Promise<unknown>;
}

export function AvatarUpload({ name, src, upload, remove }: AvatarUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = progress !== null || removing;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function onPick(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = ""; // the same file may be picked again after a failure
    if (!file) return;
    const local = avatarFileProblem(file);
    setProblem(local);
    if (local) return void toast.error(t.uploadFailed, { description: local });
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      await upload(file, setProgress);
      toast.success(t.updated);
    } catch (err) {
      const message = errorText(err, t.uploadFailedBody);
      setProblem(message);
      toast.error(t.uploadFailed, { description: message });
    } finally {
      setPreview(null);
      setProgress(null);
    }
  }

  async function onRemove() {
    setRemoving(true);
    setProblem(null);
    try {
      await remove();
      toast.success(t.removed);
    } catch (err) {
      toast.error(t.removeFailed, { description: errorText(err, t.removeFailed) });
    } finally {
      setRemoving(false);
    }
  }

  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
      <Avatar
        name={name}
        src={preview ?? src}
        size="lg"
        className={progress !== null ? "opacity-70" : undefined}
      />
      <div className="flex min-w-0 flex-col items-center gap-2 sm:items-start">
        <div className="flex flex-wrap justify-center gap-2">
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-label={t.choose}
            aria-describedby={hintId}
            onChange={onPick}
            disabled={busy}
          />
          <Button variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
            <ImageUp aria-hidden />
            {src ? t.change : t.choose}
          </Button>
          {src && (
            <Button variant="ghost" size="sm" disabled={busy} onClick={onRemove}>
              <Trash2 aria-hidden />
              {t.remove}
            </Button>
          )}
        </div>
        <p id={hintId} className="text-xs text-muted-fg">
          {t.hint}
        </p>
        {progress !== null && (
          <div className="w-40">
            <div
              role="progressbar"
              aria-label={t.uploading(progress)}
              aria-valuenow={progress}
              aria-valuemin={0}
              aria-valuemax={100}
              className="h-1.5 overflow-hidden rounded-full bg-secondary"
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
            </div>
          </div>
        )}
        <FormAlert message={problem} />
      </div>
    </div>
  );
}
