// How the console writes dates ("27 Nov 2026"), moments ("27 Nov 2026, 10:41:07": the same date,
// then the time of day) and the figures in its tables, the same on every screen.
const DAY = { day: "numeric", month: "short", year: "numeric" } as const;
export const formatDay = (iso: string): string => new Date(iso).toLocaleDateString("en-GB", DAY);
export const formatMoment = (iso: string): string =>
  new Date(iso).toLocaleString("en-GB", { ...DAY, hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

// Table cells: a number as the table shows it, and nothing where the API gave none.
export const formatWhole = (value: unknown): string => (typeof value === "number" ? value.toLocaleString("en") : "");
export const formatMoney = (value: unknown): string => (typeof value === "number" ? `$${value.toFixed(2)}` : "");
export const formatFraction = (value: unknown): string => (typeof value === "number" ? value.toFixed(2) : "");
