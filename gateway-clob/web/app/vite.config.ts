import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The gateway serves the app at /app/ and embeds the build from
// gateway-clob/internal/webapp/dist/app (go:embed), so the output lands there.
// @pred/client is compiled from its sources: one build, no client dist to keep fresh.
export default defineConfig({
  base: "/app/",
  resolve: {
    alias: { "@pred/client": fileURLToPath(new URL("../client/src/index.ts", import.meta.url)) },
  },
  build: {
    outDir: "../../internal/webapp/dist/app",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
  },
  server: { port: 5173, strictPort: true },
});
