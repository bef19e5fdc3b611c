// How the console writes dates ("27 Nov 2026") and moments ("27/11/2026, 10:41:07"), the same
// on every screen.
export const formatDay = (iso: string): string => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
export const formatMoment = (iso: string): string => new Date(iso).toLocaleString("en-GB");
