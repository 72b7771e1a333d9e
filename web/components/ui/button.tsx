import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn.ts";

const variants = {
  primary: "bg-primary text-primary-fg hover:bg-primary/90 shadow-sm",
  secondary: "bg-secondary text-secondary-fg hover:bg-secondary/70",
  outline: "border border-border bg-white text-ink hover:bg-muted",
  ghost: "text-ink hover:bg-muted",
  danger: "bg-error text-white hover:bg-error/90",
  link: "text-primary underline underline-offset-4 hover:no-underline px-0 h-auto",
} as const;

/**
 * Under 768 px (the phone layout) every size is at least 44 px high (WCAG 2.5.5: a
 * finger's target); from there up the desktop keeps its denser sizes.
 */
const sizes = {
  sm: "h-11 px-3 text-sm md:h-9",
  md: "h-11 px-4 text-[15px] md:h-10",
  lg: "h-11 px-5 text-base",
  icon: "size-11 md:size-10",
} as const;

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a link) with button looks. */
  asChild?: boolean;
}

export const buttonClass = (variant: keyof typeof variants = "primary", size: keyof typeof sizes = "md") =>
  cn(
    "inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
    "disabled:pointer-events-none disabled:opacity-55 [&_svg]:size-4 [&_svg]:shrink-0",
    sizes[size],
    variants[variant],
  );

export function Button({ variant, size, asChild, className, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      type={asChild ? undefined : (type ?? "button")}
      className={cn(buttonClass(variant, size), className)}
      {...props}
    />
  );
}
