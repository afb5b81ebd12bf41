import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native and WASM packages stay external to the server bundle.
    external: [
      "@electric-sql/pglite",
      "@napi-rs/canvas",
      "tesseract.js",
      "@tesseract.js-data/eng",
      "pdfjs-dist",
      "unpdf",
      "pg",
      "pglite-prisma-adapter",
      "@prisma/adapter-pg",
    ],
  },
  build: { chunkSizeWarningLimit: 2000 },
});
