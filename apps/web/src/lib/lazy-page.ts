import { CHUNK_LOAD_TIMEOUT_MS } from '@portal/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export class ChunkLoadError extends Error {
  constructor(
    message: string,
    public readonly timedOut = false,
  ) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/** Reject when the chunk takes longer than `ms`; a failed import becomes a ChunkLoadError. */
export function withChunkTimeout<M = PageModule>(loader: () => Promise<M>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<M> {
  return new Promise<M>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk load timed out after ${ms} ms`, true)), ms);
    loader().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(err instanceof Error ? err.message : String(err)));
      },
    );
  });
}

/** A lazily loaded component that can be asked to start loading before it first renders. */
export type PreloadableLazy = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A lazily loaded component whose chunk can be fetched ahead of its first render (`preload`): the
 * import runs once, and the render uses the same promise. A failed load is forgotten, so the next
 * render (or the error page's retry) asks again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React's own lazy()
export function preloadableLazy<T extends ComponentType<any>>(
  loader: () => Promise<{ default: T }>,
): LazyExoticComponent<T> & { preload: () => Promise<unknown> } {
  let pending: Promise<{ default: T }> | undefined;
  const load = () => {
    pending ??= loader().catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
  return Object.assign(lazy(load), { preload: load });
}

/** A page as its own lazily loaded chunk (each route gets one). */
export function lazyPage(loader: PageLoader, ms?: number): PreloadableLazy {
  return preloadableLazy(() => withChunkTimeout(loader, ms));
}
