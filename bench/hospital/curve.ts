/**
 * The scaling curve as a picture: chat send→deliver p99 and the slowest API action's p99
 * (left), and how busy the machine's two cores were (right), against the number of
 * people, for one instance and for two. People double from point to point, so the x axis
 * is logarithmic; a p99 beyond the chart is drawn at its top edge and labelled.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

export interface CurvePoint {
  people: number;
  instances: number;
  deliverP99: number;
  apiP99: number;
  /** % of both cores busy */
  machine: number;
}

const width = 960;
const height = 400;
const panel = { w: 380, h: 260, top: 60 };
const lefts = [70, 550];
const colours = { 1: "#1f5fa8", 2: "#c2571a" } as Record<number, string>;

function axes(left: number, title: string, yMax: number, yUnit: string, xs: number[]) {
  const parts: string[] = [];
  const { w, h, top } = panel;
  parts.push(`<text x="${left}" y="${top - 20}" font-size="15" font-weight="600">${title}</text>`);
  parts.push(`<rect x="${left}" y="${top}" width="${w}" height="${h}" fill="none" stroke="#999"/>`);
  for (let i = 0; i <= 4; i++) {
    const y = top + h - (h * i) / 4;
    parts.push(`<line x1="${left}" x2="${left + w}" y1="${y}" y2="${y}" stroke="#eee"/>`);
    parts.push(
      `<text x="${left - 6}" y="${y + 4}" font-size="11" text-anchor="end">${((yMax * i) / 4).toFixed(0)}${yUnit}</text>`,
    );
  }
  for (const [i, people] of xs.entries()) {
    const x = left + (w * i) / Math.max(1, xs.length - 1);
    parts.push(`<text x="${x}" y="${top + h + 16}" font-size="11" text-anchor="middle">${people}</text>`);
  }
  parts.push(
    `<text x="${left + w / 2}" y="${top + h + 34}" font-size="12" text-anchor="middle">people</text>`,
  );
  return parts;
}

function line(
  left: number,
  points: { i: number; v: number }[],
  xs: number,
  yMax: number,
  colour: string,
  dash: string,
) {
  const { w, h, top } = panel;
  const at = ({ i, v }: { i: number; v: number }) => {
    const x = left + (w * i) / Math.max(1, xs - 1);
    const y = top + h - (h * Math.min(v, yMax)) / yMax;
    return { x, y, over: v > yMax };
  };
  const xy = points.map(at);
  const parts = [
    `<polyline fill="none" stroke="${colour}" stroke-width="2" ${dash} points="${xy.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" ")}"/>`,
  ];
  for (const [k, p] of xy.entries()) {
    parts.push(`<circle cx="${p.x}" cy="${p.y}" r="3.5" fill="${colour}"/>`);
    if (p.over)
      parts.push(
        `<text x="${p.x + 5}" y="${p.y + 12}" font-size="10" fill="${colour}">${Number.isFinite(points[k]!.v) ? points[k]!.v.toFixed(0) : "∞"} ms</text>`,
      );
  }
  return parts;
}

/** Writes the picture to `file` (SVG). */
export async function writeCurve(file: string, points: CurvePoint[], caption: string) {
  const xs = [...new Set(points.map((p) => p.people))].sort((a, b) => a - b);
  const index = (people: number) => xs.indexOf(people);
  // The smallest of these scales that holds every finite p99 (beyond 2 s: drawn at the edge).
  const highest = Math.max(...points.flatMap((p) => [p.deliverP99, p.apiP99]).filter(Number.isFinite));
  const msMax = [100, 200, 500, 1000, 2000].find((m) => m >= highest) ?? 2000;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">`,
    `<title>${caption}: p99 and CPU against people, one and two instances</title>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${width / 2}" y="22" font-size="16" text-anchor="middle" font-weight="600">${caption}</text>`,
    ...axes(lefts[0]!, "p99 (ms): chat send→deliver ─, slowest API action - -, target ┈", msMax, "", xs),
    ...axes(lefts[1]!, "machine CPU busy (% of 2 cores)", 100, "%", xs),
  ];
  // The target: p99 ≤ 50 ms.
  const y50 = panel.top + panel.h - (panel.h * 50) / msMax;
  parts.push(
    `<line x1="${lefts[0]}" x2="${lefts[0]! + panel.w}" y1="${y50}" y2="${y50}" stroke="#2a2" stroke-dasharray="2 3"/>`,
  );
  for (const instances of [1, 2]) {
    const mine = points.filter((p) => p.instances === instances).sort((a, b) => a.people - b.people);
    if (mine.length === 0) continue;
    const colour = colours[instances]!;
    const of = (f: (p: CurvePoint) => number) => mine.map((p) => ({ i: index(p.people), v: f(p) }));
    parts.push(
      ...line(
        lefts[0]!,
        of((p) => p.deliverP99),
        xs.length,
        msMax,
        colour,
        "",
      ),
    );
    parts.push(
      ...line(
        lefts[0]!,
        of((p) => p.apiP99),
        xs.length,
        msMax,
        colour,
        'stroke-dasharray="6 4"',
      ),
    );
    parts.push(
      ...line(
        lefts[1]!,
        of((p) => p.machine),
        xs.length,
        100,
        colour,
        "",
      ),
    );
    const ly = height - 14 - (2 - instances) * 16;
    parts.push(`<rect x="${lefts[0]}" y="${ly - 9}" width="18" height="4" fill="${colour}"/>`);
    parts.push(
      `<text x="${lefts[0]! + 24}" y="${ly - 4}" font-size="12">PostgreSQL, ${instances} instance${instances > 1 ? "s" : ""}</text>`,
    );
  }
  parts.push("</svg>");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${parts.join("\n")}\n`);
}
