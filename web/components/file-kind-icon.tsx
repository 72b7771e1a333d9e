/** A file's kind as a square icon: on file cards, in the composer's pending row, in search results. */
import { File, FileImage, FileSpreadsheet, FileText, type LucideIcon } from "lucide-react";
import type { AttachmentKind } from "../../common/domain/attachments.ts";

const icons: Record<AttachmentKind, LucideIcon> = {
  jpeg: FileImage,
  png: FileImage,
  webp: FileImage,
  heic: FileImage,
  pdf: FileText,
  docx: FileText,
  txt: FileText,
  xlsx: FileSpreadsheet,
};

export const kindIcon = (kind: AttachmentKind | null): LucideIcon => (kind ? icons[kind] : File);

export function FileKindIcon({ kind }: { kind: AttachmentKind | null }) {
  const Icon = kindIcon(kind);
  return (
    <span className="grid size-10 shrink-0 place-items-center rounded-md bg-secondary text-secondary-fg">
      <Icon aria-hidden className="size-5" />
    </span>
  );
}
