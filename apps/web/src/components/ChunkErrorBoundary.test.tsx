import { CHUNK_LOAD_TIMEOUT_MS } from '@portal/contract';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../lib/i18n';
import { lazyPage } from '../lib/lazy-page';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';

beforeEach(async () => {
  await setLocale('en-US');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function mount(Page: ReturnType<typeof lazyPage>) {
  return render(
    <ChunkErrorBoundary>
      <Suspense fallback={<div>loading chunk</div>}>
        <Page />
      </Suspense>
    </ChunkErrorBoundary>,
  );
}

describe('lazy pages and the chunk error boundary', () => {
  it('shows the page once its chunk loads', async () => {
    mount(lazyPage(async () => ({ default: () => <div>page body</div> })));
    expect(await screen.findByText('page body')).toBeInTheDocument();
  });

  it('shows an error with a Reload button when the chunk fails to load', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    mount(lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))));
    expect(await screen.findByText('This page could not be loaded.')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: /Reload page/ }).click());
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it(`gives up after CHUNK_LOAD_TIMEOUT_MS (${CHUNK_LOAD_TIMEOUT_MS} ms)`, async () => {
    vi.useFakeTimers();
    mount(lazyPage(() => new Promise(() => undefined)));
    expect(screen.getByText('loading chunk')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.getByText('loading chunk')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2);
    });
    expect(screen.getByText('This page took too long to load.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reload page/ })).toBeInTheDocument();
  });
});
