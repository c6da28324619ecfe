import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
    // One worker keeps antd, React and the pages loaded across its files instead of importing them for
    // each file again; the setup file's afterEach puts back what a test changes (DOM, branding, toasts).
    isolate: false,
  },
});
