/** Amounts are added in cents (integers), so sums never drift; columns hold 2 decimals. */
export const toCents = (v: unknown): number => Math.round(Number(v ?? 0) * 100);
export const fromCents = (c: number): number => c / 100;
