import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.PORTAL_API_TARGET ?? 'http://localhost:8080';
const proxy = {
  '/v1.0': { target: API_TARGET, changeOrigin: false },
  '/api': { target: API_TARGET, changeOrigin: false },
};

export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
