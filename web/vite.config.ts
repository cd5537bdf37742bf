import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The Fastify api listens here in development; the built app is served by the same origin.
const apiProxy = { '/api': 'http://127.0.0.1:3000' };

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist' },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
