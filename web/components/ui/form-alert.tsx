import { CircleAlert } from "lucide-react";
import { cn } from "../../lib/cn.ts";

/** A form's error, announced at once (role="alert") and linked to its fields by id. */
export function FormAlert({
  id,
  message,
  className,
}: {
  id?: string;
  message: string | null;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      className={cn(
        "flex items-start gap-2 rounded-md border border-error/30 bg-error/5 px-3 py-2.5 text-sm text-error",
        className,
      )}
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}
