import { Avatar as RadixAvatar } from "radix-ui";
import { initials } from "../../../common/domain/initials.ts";
import { cn } from "../../lib/cn.ts";

const sizes = { sm: "size-8 text-xs", md: "size-10 text-sm", lg: "size-20 text-2xl" } as const;

/** A picture when there is one, else the initials; the name is said next to it, so it is decorative. */
export function Avatar({
  name,
  src,
  size = "md",
  className,
}: {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <RadixAvatar.Root
      aria-hidden
      className={cn(
        "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary font-semibold text-secondary-fg select-none",
        sizes[size],
        className,
      )}
    >
      {src && <RadixAvatar.Image src={src} alt="" className="size-full object-cover" />}
      <RadixAvatar.Fallback delayMs={src ? 300 : 0}>{initials(name)}</RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
