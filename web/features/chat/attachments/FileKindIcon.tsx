import type { AttachmentKind } from "../../../../common/domain/attachments.ts";
import { kindIcon } from "./file-info.ts";

/** A file's kind as a square icon: on file cards and in the composer's pending row. */
export function FileKindIcon({ kind }: { kind: AttachmentKind | null }) {
  const Icon = kindIcon(kind);
  return (
    <span className="grid size-10 shrink-0 place-items-center rounded-md bg-secondary text-secondary-fg">
      <Icon aria-hidden className="size-5" />
    </span>
  );
}
