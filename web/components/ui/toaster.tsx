import { Toaster as Sonner } from "sonner";

/**
 * On a phone the close button is a finger's 44 px in the toast's top right corner (sonner
 * draws it 20 px over the top left corner), so its styles need `!`.
 */
const phoneClose =
  "max-md:!top-0 max-md:!right-0 max-md:!left-auto max-md:!size-11 max-md:!transform-none max-md:!border-0 max-md:!bg-transparent";

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
      toastOptions={{ classNames: { toast: "font-sans text-[15px] max-md:!pr-12", closeButton: phoneClose } }}
    />
  );
}

export { toast } from "sonner";
