/** Load one target with autocannon and count failures the way the portal defines them. */
import autocannon from 'autocannon';

export interface LoadTarget {
  method?: 'GET' | 'POST';
  /** Path on the server, e.g. '/v1.0/customer-api/customer/company/list'. */
  path: string;
  /** The body of each request, built fresh (a new nonce and signature every time). */
  body?: () => string;
  headers?: Record<string, string>;
  /** Per request: its body, extra headers (e.g. each simulated device's own Authorization) or path (a GET of another page). */
  next?: () => { body?: string; headers?: Record<string, string>; path?: string };
  /** Whether an answer counts as a success; default: HTTP 2xx. */
  isSuccess?: (status: number, body: string) => boolean;
}

export interface LoadSettings {
  connections: number;
  /** Seconds. */
  duration: number;
}

export interface LoadResult {
  /** Average requests per second over the run. */
  rps: number;
  p99Ms: number;
  requests: number;
  /** Failed answers (per isSuccess) plus connection errors and timeouts. */
  errors: number;
  /** A sample of the first failed answer, for diagnosis. */
  firstFailure?: string;
}

export async function runLoad(origin: string, target: LoadTarget, settings: LoadSettings): Promise<LoadResult> {
  let failed = 0;
  let firstFailure: string | undefined;
  const isSuccess = target.isSuccess ?? ((status: number) => status >= 200 && status < 300);
  const headers = { ...(target.body || target.next ? { 'content-type': 'application/json' } : {}), ...target.headers };

  const result = await autocannon({
    url: origin,
    connections: settings.connections,
    duration: settings.duration,
    timeout: 10,
    requests: [
      {
        method: target.method ?? 'POST',
        path: target.path,
        setupRequest(req) {
          req.headers = headers;
          if (target.body) req.body = target.body();
          if (target.next) {
            const n = target.next();
            if (n.headers) req.headers = { ...headers, ...n.headers };
            if (n.body !== undefined) req.body = n.body;
            if (n.path !== undefined) req.path = n.path;
          }
          return req;
        },
        onResponse(status, body) {
          if (!isSuccess(status, body)) {
            failed++;
            firstFailure ??= `HTTP ${status} ${body.slice(0, 300)}`;
          }
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: failed + result.errors + result.timeouts,
    firstFailure,
  };
}
