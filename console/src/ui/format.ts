// How the console writes dates: "27 Nov 2026", the same on every screen.
export const formatDay = (iso: string): string => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
