// How the console writes dates ("27 Nov 2026"), moments ("27/11/2026, 10:41:07") and the
// figures in its tables, the same on every screen.
export const formatDay = (iso: string): string =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
export const formatMoment = (iso: string): string => new Date(iso).toLocaleString("en-GB");

// Table cells: a number as the table shows it, and nothing where the API gave none.
export const formatWhole = (value: unknown): string => (typeof value === "number" ? value.toLocaleString("en") : "");
export const formatMoney = (value: unknown): string => (typeof value === "number" ? `$${value.toFixed(2)}` : "");
export const formatFraction = (value: unknown): string => (typeof value === "number" ? value.toFixed(2) : "");
