import { Download, ImageOff } from "lucide-react";
import { type CSSProperties, lazy, Suspense, useRef, useState } from "react";
import { withoutBidiControls } from "../../../../common/domain/bidi.ts";
import type { AttachmentDto } from "../../../../common/schemas/chat.ts";
import { ui } from "../../../../common/texts/index.ts";
import { FileKindIcon } from "../../../components/file-kind-icon.tsx";
import { buttonClass } from "../../../components/ui/button.tsx";
import { UserText } from "../../../components/user-text.tsx";
import { cn } from "../../../lib/cn.ts";
import type { ThreadMessage } from "../api/message-cache.ts";
import { formatFileSize, isInlineImage, kindLabel } from "./file-info.ts";
import { useFreshLinks } from "./use-fresh-links.ts";

const t = ui.thread.attachments;
const ImageLightbox = lazy(() => import("./Lightbox.tsx"));

/** The box a thumbnail fits in: 240 px wide on a phone, 320 px from 768 px; 240 px high. */
const box = { width: 240, widthMd: 320, height: 240 };
const fallbackSize = { width: 4, height: 3 };

function fittedWidth(width: number, height: number, maxWidth: number) {
  const scale = Math.min(1, maxWidth / width, box.height / height);
  return Math.max(48, Math.round(width * scale));
}

/** Its place in the list is kept from its width and height, before the picture arrives. */
function thumbnailStyle(image: AttachmentDto): CSSProperties {
  const width = image.width ?? fallbackSize.width * 60;
  const height = image.height ?? fallbackSize.height * 60;
  return {
    aspectRatio: `${width} / ${height}`,
    "--thumb-w": `${fittedWidth(width, height, box.width)}px`,
    "--thumb-w-md": `${fittedWidth(width, height, box.widthMd)}px`,
  } as CSSProperties;
}

const thumbnailBox = "block w-(--thumb-w) max-w-full overflow-hidden rounded-lg md:w-(--thumb-w-md)";

function Unavailable({ name, style }: { name: string; style?: CSSProperties }) {
  return (
    <div
      style={style}
      className={cn(
        thumbnailBox,
        "flex flex-col items-center justify-center gap-1 border border-border bg-muted p-2 text-center",
      )}
    >
      <ImageOff aria-hidden className="size-5 text-muted-fg" />
      <p className="text-sm font-medium text-ink">{t.loadFailed}</p>
      <p className="w-full truncate text-xs text-muted-fg">
        <UserText>{name}</UserText>
      </p>
    </div>
  );
}

/**
 * A picture's thumbnail, a button that opens it large. A picture that does not load has
 * its links renewed once; failing again, it says 'Kunne ikke laste fil' in its place.
 */
function Thumbnail({
  image,
  onOpen,
  refresh,
  buttonRef,
}: {
  image: AttachmentDto;
  onOpen: () => void;
  refresh: () => Promise<void>;
  buttonRef: (element: HTMLButtonElement | null) => void;
}) {
  const [load, setLoad] = useState<"first" | "renewing" | "renewed" | "failed">("first");
  const style = thumbnailStyle(image);
  if (load === "failed") return <Unavailable name={image.name} style={style} />;

  const onError = () => {
    if (load === "first") {
      setLoad("renewing");
      void refresh().finally(() => setLoad("renewed"));
    } else if (load === "renewed") setLoad("failed");
  };

  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={t.openImage(image.name)}
      onClick={onOpen}
      style={style}
      className={cn(
        thumbnailBox,
        "border border-border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
      )}
    >
      <img
        // A new element after the renewal, so the picture is asked for again.
        key={load === "renewed" ? "renewed" : "first"}
        src={image.thumbnailUrl ?? image.url}
        alt=""
        width={image.width ?? undefined}
        height={image.height ?? undefined}
        loading="lazy"
        decoding="async"
        draggable={false}
        onError={onError}
        className="size-full object-cover"
      />
    </button>
  );
}

/** Any other file: icon, name, kind and size, and its download. */
function FileCard({ file, expired }: { file: AttachmentDto; expired: boolean }) {
  return (
    <div className="flex w-full max-w-md items-center gap-3 rounded-lg border border-border bg-white p-2.5">
      <FileKindIcon kind={file.kind} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-ink" title={withoutBidiControls(file.name)}>
          <UserText>{file.name}</UserText>
        </p>
        <p className="text-xs text-muted-fg tabular">
          {kindLabel(file.kind)} · {formatFileSize(file.size)}
        </p>
        {expired && <p className="text-xs text-error">{t.loadFailed}</p>}
      </div>
      {!expired && (
        <a
          href={file.url}
          download={withoutBidiControls(file.name)}
          aria-label={t.downloadName(file.name)}
          title={t.downloadName(withoutBidiControls(file.name))}
          className={cn(buttonClass("outline", "sm"), "px-2.5 sm:px-3")}
        >
          <Download aria-hidden />
          <span className="hidden sm:inline">{t.download}</span>
        </a>
      )}
    </div>
  );
}

/**
 * A message's files: pictures as thumbnails that open in a lightbox (the focus comes
 * back to the thumbnail after), other files as cards with a download. Their signed links
 * are kept fresh while the message is on screen.
 */
export function AttachmentList({ message }: { message: ThreadMessage }) {
  const { refresh, expired } = useFreshLinks(message);
  const images = message.attachments.filter(isInlineImage);
  const files = message.attachments.filter((a) => !isInlineImage(a));
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const [viewer, setViewer] = useState<{ open: boolean; index: number } | null>(null);
  const shown = useRef(0);

  const open = (index: number) => {
    shown.current = index;
    setViewer({ open: true, index });
  };

  return (
    <div className="mt-1.5 flex flex-col gap-2">
      {images.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {images.map((image, index) => (
            <Thumbnail
              key={image.id}
              image={image}
              refresh={refresh}
              onOpen={() => open(index)}
              buttonRef={(element) => {
                if (element) buttons.current.set(index, element);
                else buttons.current.delete(index);
              }}
            />
          ))}
        </div>
      )}
      {files.map((file) => (
        <FileCard key={file.id} file={file} expired={expired} />
      ))}
      {viewer && (
        <Suspense fallback={null}>
          <ImageLightbox
            images={images}
            open={viewer.open}
            index={viewer.index}
            onView={(index) => {
              shown.current = index;
            }}
            onClose={() => setViewer((v) => v && { ...v, open: false })}
            onClosed={() =>
              (buttons.current.get(shown.current) ?? buttons.current.get(viewer.index))?.focus()
            }
          />
        </Suspense>
      )}
    </div>
  );
}
