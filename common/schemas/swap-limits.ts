/**
 * Spec §9: the market's page; auto-match's limit per run. Its own module, because the
 * error texts need it too: importing it from schemas/swaps.ts closed an import cycle
 * (swaps → shifts → auth → texts → errors/swaps → swaps) that left it undefined.
 */
export const swapLimits = {
  marketPage: 50,
  autoMatch: 10,
  /** a described shift lasts at most this long (an on-call weekend fits) */
  describedShiftMaxDays: 7,
  noteMaxLength: 500,
} as const;
