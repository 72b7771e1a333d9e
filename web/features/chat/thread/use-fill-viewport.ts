import { type RefObject, useLayoutEffect } from "react";

/**
 * Makes the element reach from where it starts down to the bottom of the window: the
 * thread keeps its composer in view and scrolls its messages inside, below whatever
 * header the layout puts above it (the mobile header's height depends on its rows).
 * What sits above it may change height while the page does not (the body keeps at least
 * the window's height): 'Du er frakoblet' going away moves the thread up, so the
 * elements above it are watched too.
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
    for (const above of elementsAbove(element)) observer.observe(above);
    window.addEventListener("resize", resize);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", resize);
    };
  }, [ref]);
}

/** The elements before `element` and before each of its ancestors: what can push it down. */
function elementsAbove(element: HTMLElement): Element[] {
  const found: Element[] = [];
  for (let node: Element | null = element; node && node !== document.body; node = node.parentElement)
    for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling)
      found.push(sibling);
  return found;
}
