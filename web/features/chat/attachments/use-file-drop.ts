/**
 * Files dragged onto the page while a thread is open, and pasted into the text field,
 * join the message being written. The whole page takes the drop, so a file let go a
 * little beside the composer is attached rather than opened by the browser.
 */
import { type ClipboardEvent, useEffect, useRef, useState } from "react";

const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") ?? false;

/** Whether files are being dragged over the page; `onFiles` null: drops are left alone. */
export function useFileDrop(onFiles: ((files: File[]) => void) | null): boolean {
  const [dragging, setDragging] = useState(false);
  const handler = useRef(onFiles);
  handler.current = onFiles;
  const enabled = onFiles !== null;

  useEffect(() => {
    if (!enabled) return;
    // dragenter and dragleave come for every element crossed: count them.
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const end = () => {
      depth = 0;
      setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      end();
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length > 0) handler.current?.(files);
    };
    document.addEventListener("dragenter", enter);
    document.addEventListener("dragover", over);
    document.addEventListener("dragleave", leave);
    document.addEventListener("drop", drop);
    document.addEventListener("dragend", end);
    return () => {
      document.removeEventListener("dragenter", enter);
      document.removeEventListener("dragover", over);
      document.removeEventListener("dragleave", leave);
      document.removeEventListener("drop", drop);
      document.removeEventListener("dragend", end);
      setDragging(false);
    };
  }, [enabled]);

  return dragging;
}

/** A paste that holds files (a screenshot, an image copied) attaches them instead of pasting text. */
export function pastedFiles(event: ClipboardEvent): File[] {
  const files = [...(event.clipboardData?.files ?? [])];
  if (files.length > 0) event.preventDefault();
  return files;
}
