/** The window's size in web tests (happy-dom), which media queries follow. */
export function setViewport(width: number, height = 900) {
  (
    window as unknown as { happyDOM?: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM?.setViewport({ width, height });
}
