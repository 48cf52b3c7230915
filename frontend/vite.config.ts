import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const buildId = process.env.SPLASH_BUILD_ID ?? `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}-${Math.random().toString(16).slice(2, 8)}`;
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|html|txt|map)$/;

/** Writes builds/latest.json + builds/meta/<id>.json and a .br and .gz beside every asset. */
function buildManifest(): Plugin {
  let outDir = "dist";
  return {
    name: "splash-build-manifest",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const meta = { id: buildId, builtAt: new Date().toISOString() };
      mkdirSync(join(outDir, "builds", "meta"), { recursive: true });
      writeFileSync(join(outDir, "builds", "latest.json"), JSON.stringify(meta));
      writeFileSync(join(outDir, "builds", "meta", `${buildId}.json`), JSON.stringify(meta));
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(join(outDir, "assets")).filter((f) => COMPRESSIBLE.test(f))) {
        const data = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Who is in each chunk: dist/.vite/chunk-modules.json, {file: {package or src folder: gzip bytes of
 * its rendered, not yet minified code}}, the weights scripts/size-report.mjs shares a chunk's size by.
 */
function chunkModules(): Plugin {
  return {
    name: "splash-chunk-modules",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const report: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const code: Record<string, string> = {};
        for (const [id, module] of Object.entries(output.modules)) {
          const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];
          const group = dependency ?? id.replace(/^.*?\/(src|contracts)\//, "$1/").split("/").slice(0, 3).join("/");
          code[group] = (code[group] ?? "") + (module.code ?? "");
        }
        report[output.fileName] = Object.fromEntries(Object.entries(code).map(([group, text]) => [group, gzipSync(text).length]));
      }
      this.emitFile({ type: "asset", fileName: ".vite/chunk-modules.json", source: JSON.stringify(report) });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), buildManifest(), chunkModules()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  server: { port: 5173, strictPort: true, cors: true, origin: "http://localhost:5173", fs: { allow: [".."] } },
  build: isSsrBuild
    ? { outDir: "dist-server", emptyOutDir: true, copyPublicDir: false, target: "node20", rollupOptions: { input: "src/app/entry-server.tsx" } }
    : { outDir: "dist", emptyOutDir: true, manifest: true, target: "es2022", rollupOptions: { input: "src/app/entry-client.tsx" } },
  ssr: { noExternal: true },
  // react-router's package exports name only its development build (dev warnings on); the
  // production build beside it is the same code with them off.
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: resolve("node_modules/react-router/dist/production/index.mjs") },
      { find: /^react-router\/dom$/, replacement: resolve("node_modules/react-router/dist/production/dom-export.mjs") },
    ],
  },
}));
