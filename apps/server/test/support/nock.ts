/**
 * nock@15 for the payment providers' local stand-ins. Its interceptors call
 * `Promise.withResolvers` (Node 22); on Node 20 it is supplied here first, for tests only.
 */
import nock from 'nock';

const P = Promise as unknown as { withResolvers?: () => unknown };
P.withResolvers ??= function withResolvers<T>() {
  let resolve!: (v: T | PromiseLike<T>) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
};

export default nock;
