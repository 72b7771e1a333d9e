import { Paperclip } from "lucide-react";
import { useRef } from "react";
import { ui } from "../../../../common/texts/index.ts";
import { Button } from "../../../components/ui/button.tsx";
import { acceptedFiles } from "./file-info.ts";

const t = ui.thread.attachments;

/** 'Legg ved fil': the system's file picker, offering every allowed kind, several at once. */
export function AttachButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        accept={acceptedFiles}
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file may be chosen again after it was removed.
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button
        variant="ghost"
        size="icon"
        aria-label={t.attach}
        title={t.attach}
        onClick={() => input.current?.click()}
        className="size-11 text-muted-fg hover:text-ink md:size-9"
      >
        <Paperclip aria-hidden />
      </Button>
    </>
  );
}

/** Over the composer while files are dragged over the page. */
export function DropHint() {
  return (
    <div className="pointer-events-none absolute inset-1 z-10 flex items-center justify-center rounded-lg border-2 border-dashed border-primary bg-secondary/95 text-sm font-medium text-primary">
      {t.dropHint}
    </div>
  );
}
