import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The web app lives in web/; the server serves dist/web and compresses it itself. */
export default defineConfig({
  root: "web",
  plugins: [react(), tailwindcss()],
  build: { outDir: "../dist/web", emptyOutDir: true },
  server: {
    proxy: {
      "/api": { target: "http://localhost:3000", ws: true },
      "/brand": "http://localhost:3000",
    },
  },
});
