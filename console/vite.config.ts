// The console's build: a static React app under /console/, served by canopy itself (the
// console module) from dist/console. Everything it loads is a file of this origin: no inline
// script (the strict Content-Security-Policy forbids one), no module-preload polyfill injected
// into the page, no font or image from another host.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  root: here("."),
  base: "/console/",
  plugins: [react()],
  resolve: { alias: { "@canopy/client": here("../clients/typescript/src/index.ts") } },
  build: {
    outDir: here("../dist/console"),
    emptyOutDir: true,
    assetsDir: "assets",
    modulePreload: { polyfill: false },
    // Inlined assets would become data: URLs in scripts and styles; files keep the policy simple.
    assetsInlineLimit: 0,
    sourcemap: false,
    reportCompressedSize: false,
  },
  logLevel: "warn",
});
