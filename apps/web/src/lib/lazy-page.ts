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

/** A page as its own lazily loaded chunk (each route gets one). */
export function lazyPage(loader: PageLoader, ms?: number): LazyExoticComponent<ComponentType> {
  return lazy(() => withChunkTimeout(loader, ms));
}
