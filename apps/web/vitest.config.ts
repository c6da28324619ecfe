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
    // A worker keeps its modules and jsdom across its files (each file's start resets what a page
    // keeps: src/test/setup.ts): 206 s to 92 s for the project here, most of it antd's import.
    isolate: false,
  },
});
