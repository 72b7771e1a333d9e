/**
 * A message's pictures full size: arrow keys between them, Escape closes, zoom with the
 * buttons, + and −, the wheel or a pinch. Loaded on first use (its own chunk and styles).
 */
import Lightbox from "yet-another-react-lightbox";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";
import type { AttachmentDto } from "../../../../common/schemas/chat.ts";
import { ui } from "../../../../common/texts/index.ts";

const t = ui.thread.attachments;
/** Over the toasts (sonner's layer), whose close button would cover the lightbox's own. */
const aboveToasts = { "--yarl__portal_zindex": 1_000_000_000 };
const none = () => null;

export default function ImageLightbox({
  images,
  open,
  index,
  onView,
  onClose,
  onClosed,
}: {
  images: readonly AttachmentDto[];
  open: boolean;
  index: number;
  /** the picture shown now */
  onView: (index: number) => void;
  onClose: () => void;
  /** once it is gone: the focus goes back */
  onClosed: () => void;
}) {
  const single = images.length <= 1;
  return (
    <Lightbox
      open={open}
      index={index}
      close={onClose}
      slides={images.map((image) => ({
        src: image.url,
        alt: image.name,
        width: image.width ?? undefined,
        height: image.height ?? undefined,
      }))}
      plugins={[Zoom]}
      // Small pictures may be zoomed too, past their own size.
      zoom={{ maxZoomPixelRatio: 4, scrollToZoom: true }}
      labels={t.lightbox}
      carousel={{ finite: single }}
      controller={{ closeOnBackdropClick: true }}
      render={single ? { buttonPrev: none, buttonNext: none } : undefined}
      on={{ view: ({ index: shown }) => onView(shown), exited: onClosed }}
      styles={{ root: aboveToasts }}
    />
  );
}
