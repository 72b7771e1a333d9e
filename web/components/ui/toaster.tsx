import { Toaster as Sonner } from "sonner";

/**
 * Below the header, on the PC and the phone alike: a toast never covers the bell or the
 * menus (the header is 56 px high in both layouts).
 */
export const toastOffsetTopPx = 64;

/** Toasts for every action's feedback; sonner announces them in a live region. */
export function Toaster() {
  return (
    <Sonner
      richColors
      closeButton
      position="top-right"
      offset={{ top: toastOffsetTopPx, right: 16 }}
      mobileOffset={{ top: toastOffsetTopPx, left: 8, right: 8 }}
      duration={5000}
      toastOptions={{ classNames: { toast: "font-sans text-[15px]" } }}
    />
  );
}

export { toast } from "sonner";
