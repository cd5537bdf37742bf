import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The voice-activity model and audio worklet of @ricky0123/vad-web, served by the site itself
// (never a CDN) at the fixed names the library asks for under /vad/. The onnxruntime WASM
// file is imported with ?url by the chat feature, so it is a hashed asset instead.
function vadAssets(): Plugin {
  const dir = dirname(createRequire(import.meta.url).resolve('@ricky0123/vad-web'));
  const files: Record<string, string> = {
    'silero_vad_v5.onnx': 'application/octet-stream',
    'vad.worklet.bundle.min.js': 'text/javascript',
  };
  let serverBuild = false;
  return {
    name: 'curb-vad-assets',
    configResolved(config) {
      serverBuild = Boolean(config.build.ssr);
    },
    configureServer(server) {
      server.middlewares.use('/vad/', (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        if (!files[name]) return next();
        res.setHeader('content-type', files[name]);
        res.end(readFileSync(join(dir, name)));
      });
    },
    generateBundle() {
      if (serverBuild) return;
      for (const name of Object.keys(files))
        this.emitFile({ type: 'asset', fileName: `vad/${name}`, source: readFileSync(join(dir, name)) });
    },
  };
}

// The Fastify api listens here in development; the built app is served by the same origin.
const apiProxy = { '/api': 'http://127.0.0.1:3000' };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), vadAssets()],
  // `@/x` is web/src/x (the same alias as web/tsconfig.json's paths and the root vitest config).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  // The server bundle (for prerendering) needs no copy of the public files; the client
  // build's manifest tells the prerenderer which stylesheets each page's chunk needs.
  build: { outDir: 'dist', copyPublicDir: !isSsrBuild, manifest: !isSsrBuild },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
}));
