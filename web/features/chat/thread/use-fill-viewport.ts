import { type RefObject, useLayoutEffect } from "react";

/**
 * Makes the element reach from where it starts down to the bottom of the window: the
 * thread keeps its composer in view and scrolls its messages inside, below whatever
 * header the layout puts above it (the mobile header's height depends on its rows).
 */
export function useFillViewport(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const resize = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      element.style.height = `${Math.max(window.innerHeight - top, 0)}px`;
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(document.body);
    window.addEventListener("resize", resize);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", resize);
    };
  }, [ref]);
}
