import { Toaster as Sonner } from "sonner";

/** Toasts for every action's feedback; sonner announces them in a live region. */
export function Toaster() {
  return (
    <Sonner
      richColors
      closeButton
      position="top-right"
      duration={5000}
      toastOptions={{ classNames: { toast: "font-sans text-[15px]" } }}
    />
  );
}

export { toast } from "sonner";
