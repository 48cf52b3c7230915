import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const newBuildId = () => `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}-${Math.random().toString(16).slice(2, 8)}`;
/** The studio's build joins the shop's, built just before it into the same dist/. */
const shopBuildId = () => (JSON.parse(readFileSync("dist/builds/latest.json", "utf8")) as { id: string }).id;
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|html|txt|map)$/;

/** Writes builds/latest.json + builds/meta/<id>.json: the shop's build, which the studio's joins. */
function buildMeta(buildId: string): Plugin {
  let outDir = "dist";
  return {
    name: "splash-build-meta",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const meta = { id: buildId, builtAt: new Date().toISOString() };
      mkdirSync(join(outDir, "builds", "meta"), { recursive: true });
      writeFileSync(join(outDir, "builds", "latest.json"), JSON.stringify(meta));
      writeFileSync(join(outDir, "builds", "meta", `${buildId}.json`), JSON.stringify(meta));
    },
  };
}

/** A .br and .gz beside every file this build wrote (the server sends what a browser accepts). */
function precompress(): Plugin {
  return {
    name: "splash-precompress",
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle).filter((file) => file.startsWith("assets/") && COMPRESSIBLE.test(file))) {
        const data = readFileSync(join(options.dir ?? "dist", name));
        writeFileSync(join(options.dir ?? "dist", `${name}.br`), brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(join(options.dir ?? "dist", `${name}.gz`), gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Who is in each chunk: dist/.vite/chunk-modules.json, {file: {package or src folder: gzip bytes of
 * its rendered, not yet minified code}}, the weights scripts/size-report.mjs shares a chunk's size by.
 */
function chunkModules(fileName: string): Plugin {
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
      this.emitFile({ type: "asset", fileName, source: JSON.stringify(report) });
    },
  };
}

/**
 * Two client builds into one dist/: the shop (entry-client) and, with `--mode studio`, the
 * studio (src/studio/main.tsx, its own manifest). Separate builds, so the studio cannot change
 * a byte of the shop's chunks (issue 27, point 16: src/studio/first-load.test.ts compares); the
 * studio carries its own copy of React and the router, a cost only staff pay.
 */
const SHOP_CLIENT = {
  outDir: "dist",
  emptyOutDir: true,
  manifest: true,
  target: "es2022",
  rollupOptions: { input: "src/app/entry-client.tsx" },
} as const;
const STUDIO_CLIENT = {
  outDir: "dist",
  emptyOutDir: false,
  manifest: ".vite/studio-manifest.json",
  copyPublicDir: false,
  target: "es2022",
  rollupOptions: { input: { studio: "src/studio/main.tsx" } },
} as const;

export default defineConfig(({ isSsrBuild, mode, command }) => {
  const buildId = process.env.SPLASH_BUILD_ID ?? (mode === "studio" ? shopBuildId() : newBuildId());
  const client = command === "build" && !isSsrBuild;
  const studio = mode === "studio";
  return {
    plugins: [
      react(),
      ...(client ? [precompress(), chunkModules(studio ? ".vite/studio-chunk-modules.json" : ".vite/chunk-modules.json")] : []),
      ...(client && !studio ? [buildMeta(buildId)] : []),
    ],
    define: { __BUILD_ID__: JSON.stringify(buildId) },
    server: { port: 5173, strictPort: true, cors: true, origin: "http://localhost:5173", fs: { allow: [".."] } },
    build: isSsrBuild
      ? { outDir: "dist-server", emptyOutDir: true, copyPublicDir: false, target: "node20", rollupOptions: { input: "src/app/entry-server.tsx" } }
      : studio
        ? STUDIO_CLIENT
        : SHOP_CLIENT,
    ssr: { noExternal: true },
    // react-router's package exports name only its development build (dev warnings on); the
    // production build beside it is the same code with them off.
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: resolve("node_modules/react-router/dist/production/index.mjs") },
        { find: /^react-router\/dom$/, replacement: resolve("node_modules/react-router/dist/production/dom-export.mjs") },
      ],
    },
  };
});
