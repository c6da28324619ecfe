/**
 * Load one target and count failures the way the portal defines them.
 *
 * A small HTTP/1.1 client of its own: `connections` keep-alive sockets, one request in flight on
 * each, for `duration` seconds. It was autocannon; autocannon decodes every answer's body into a
 * string, which for the 46 KB brotli entry chunk (static-asset) took a whole core on this
 * two-core machine while the server used half of one: the case measured the load generator.
 * This client reads an answer's body only when the target judges it (`isSuccess`), and otherwise
 * just counts its bytes (Content-Length or chunked).
 */
import net from 'node:net';

export interface LoadTarget {
  method?: 'GET' | 'POST';
  /** Path on the server, e.g. '/v1.0/customer-api/customer/company/list'. */
  path: string;
  /** The body of each request, built fresh (a new nonce and signature every time). */
  body?: () => string;
  headers?: Record<string, string>;
  /** Per request: its body, extra headers (e.g. each simulated device's own Authorization) or path (a GET of another page). */
  next?: () => { body?: string; headers?: Record<string, string>; path?: string };
  /** Whether an answer counts as a success; default: HTTP 2xx. Given, the answer's body is read (as UTF-8) for it. */
  isSuccess?: (status: number, body: string) => boolean;
}

export interface LoadSettings {
  connections: number;
  /** Seconds. */
  duration: number;
  /** Seconds an answer may take before it counts as a timeout (the connection is then replaced); default 10. */
  timeout?: number;
}

export interface LoadResult {
  /** Answers per second over the run. */
  rps: number;
  p99Ms: number;
  /** Answers received within the run. */
  requests: number;
  /** Failed answers (per isSuccess) plus connection errors and timeouts. */
  errors: number;
  /** A sample of the first failed answer, for diagnosis. */
  firstFailure?: string;
}

/** The request's bytes as sent on the wire. */
export function requestBytes(host: string, target: LoadTarget): Buffer {
  let { path, headers } = target;
  let body = target.body?.();
  const n = target.next?.();
  if (n) {
    if (n.headers) headers = { ...headers, ...n.headers };
    if (n.body !== undefined) body = n.body;
    if (n.path !== undefined) path = n.path;
  }
  const method = target.method ?? 'POST';
  const all: Record<string, string> = {
    host,
    ...(body !== undefined || target.next ? { 'content-type': 'application/json' } : {}),
    ...headers,
  };
  const payload = body === undefined ? undefined : Buffer.from(body);
  if (payload || method === 'POST') all['content-length'] = String(payload?.length ?? 0);
  let head = `${method} ${path} HTTP/1.1\r\n`;
  for (const [k, v] of Object.entries(all)) head += `${k}: ${v}\r\n`;
  head += '\r\n';
  return payload ? Buffer.concat([Buffer.from(head, 'latin1'), payload]) : Buffer.from(head, 'latin1');
}

/** One answer as the parser completes it. */
export interface Answer {
  status: number;
  /** The body, when the parser was asked to keep bodies. */
  body?: Buffer;
  /** The server said it closes the connection after this answer. */
  close: boolean;
}

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');
/** A head longer than this without its end is a broken answer. */
const HEAD_MAX = 64 * 1024;

/**
 * An HTTP/1.1 answer parser fed the socket's chunks: the status line and headers, then a body of
 * Content-Length bytes or in chunks (with trailers), or none (HEAD, 204, 304). Bodies are kept only
 * when `keepBodies`; otherwise their bytes are counted and dropped.
 */
export class AnswerParser {
  private pending: Buffer | null = null;
  private state: 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' = 'head';
  private remaining = 0;
  private status = 0;
  private close = false;
  private parts: Buffer[] = [];

  constructor(
    private readonly keepBodies: boolean,
    private readonly onAnswer: (answer: Answer) => void,
  ) {}

  /** Throws on bytes that are not an HTTP/1.1 answer. */
  push(chunk: Buffer): void {
    const buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    let at = 0;
    while (at < buf.length) {
      switch (this.state) {
        case 'head': {
          const read = this.upTo(buf, at, HEAD_END, 'answer head');
          if (!read) return;
          const head = read.text;
          at = read.next;
          const m = /^HTTP\/1\.[01] (\d{3})/.exec(head);
          if (!m) throw new Error(`not an HTTP answer: ${JSON.stringify(head.slice(0, 40))}`);
          this.status = Number(m[1]);
          const lower = head.toLowerCase();
          this.close = /\r\nconnection:[ \t]*close/.test(lower);
          this.parts = [];
          const bodiless = this.status === 204 || this.status === 304 || this.status < 200;
          if (bodiless) {
            this.finish();
          } else if (/\r\ntransfer-encoding:[^\r]*chunked/.test(lower)) {
            this.state = 'chunk-size';
          } else {
            const len = /\r\ncontent-length:[ \t]*(\d+)/.exec(lower);
            if (!len) throw new Error('answer without a length (read to close is not supported)');
            this.remaining = Number(len[1]);
            if (this.remaining === 0) this.finish();
            else this.state = 'length';
          }
          break;
        }
        case 'length':
        case 'chunk-data': {
          const take = Math.min(this.remaining, buf.length - at);
          if (this.keepBodies) this.parts.push(buf.subarray(at, at + take));
          at += take;
          this.remaining -= take;
          if (this.remaining === 0) {
            if (this.state === 'length') this.finish();
            else {
              this.state = 'chunk-end';
              this.remaining = 2;
            }
          }
          break;
        }
        case 'chunk-end': {
          const take = Math.min(this.remaining, buf.length - at);
          at += take;
          this.remaining -= take;
          if (this.remaining === 0) this.state = 'chunk-size';
          break;
        }
        case 'chunk-size':
        case 'trailers': {
          const read = this.upTo(buf, at, CRLF, 'chunk line');
          if (!read) return;
          const line = read.text;
          at = read.next;
          if (this.state === 'trailers') {
            if (line === '') this.finish();
          } else {
            const size = parseInt(line.split(';')[0]!.trim(), 16);
            if (!Number.isFinite(size)) throw new Error(`bad chunk size ${JSON.stringify(line.slice(0, 20))}`);
            if (size === 0) this.state = 'trailers';
            else {
              this.remaining = size;
              this.state = 'chunk-data';
            }
          }
          break;
        }
      }
    }
  }

  /** The text from `at` up to `marker` and the offset after it; null when the marker has not come yet (the rest waits for the next chunk). */
  private upTo(buf: Buffer, at: number, marker: Buffer, what: string): { text: string; next: number } | null {
    const end = buf.indexOf(marker, at);
    if (end >= 0) return { text: buf.toString('latin1', at, end), next: end + marker.length };
    if (buf.length - at > HEAD_MAX) throw new Error(`${what} too long`);
    this.pending = buf.subarray(at);
    return null;
  }

  private finish() {
    const answer: Answer = { status: this.status, close: this.close };
    if (this.keepBodies) answer.body = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
    this.parts = [];
    this.state = 'head';
    this.onAnswer(answer);
  }
}

/** Nearest-rank percentile of unsorted values (sorted in place). */
function percentile(values: Float64Array, p: number): number {
  if (values.length === 0) return 0;
  values.sort();
  return values[Math.min(values.length - 1, Math.max(0, Math.ceil((p / 100) * values.length) - 1))]!;
}

export async function runLoad(origin: string, target: LoadTarget, settings: LoadSettings): Promise<LoadResult> {
  const url = new URL(origin);
  const port = Number(url.port || 80);
  const hostname = url.hostname;
  const isSuccess = target.isSuccess ?? ((status: number) => status >= 200 && status < 300);
  const keepBodies = target.isSuccess !== undefined;
  const timeoutMs = (settings.timeout ?? 10) * 1000;

  let failed = 0;
  let firstFailure: string | undefined;
  let answers = 0;
  let latencies = new Float64Array(1 << 16);
  const record = (ms: number) => {
    if (answers === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[answers++] = ms;
  };
  const fail = (why: string) => {
    failed++;
    firstFailure ??= why;
  };

  const startedAt = performance.now();
  const deadline = startedAt + settings.duration * 1000;
  let stopped = false;
  const sockets = new Set<net.Socket>();

  /** One connection: a request, its answer, the next request; replaced when it fails or closes. */
  function connect(): void {
    if (stopped) return;
    const socket = net.connect({ host: hostname, port });
    socket.setNoDelay(true);
    sockets.add(socket);
    let sentAt = 0;
    let inFlight = false;
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const retire = (why?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sockets.delete(socket);
      socket.destroy();
      if (stopped) return;
      if (why) fail(why);
      if (performance.now() >= deadline) return;
      // A refused or dropped connection is retried, not spun on.
      setTimeout(connect, why ? 10 : 0);
    };
    const send = () => {
      if (stopped || performance.now() >= deadline) return retire();
      sentAt = performance.now();
      inFlight = true;
      clearTimeout(timer);
      timer = setTimeout(() => retire('timeout'), timeoutMs);
      socket.write(requestBytes(url.host, target));
    };
    const parser = new AnswerParser(keepBodies, (answer) => {
      inFlight = false;
      const now = performance.now();
      if (now <= deadline) {
        record(now - sentAt);
        const text = answer.body ? answer.body.toString('utf8') : '';
        if (!isSuccess(answer.status, text)) fail(`HTTP ${answer.status} ${text.slice(0, 300)}`);
      }
      if (answer.close) retire();
      else send();
    });
    socket.on('connect', send);
    socket.on('data', (chunk: Buffer) => {
      try {
        parser.push(chunk);
      } catch (err) {
        retire(`unreadable answer: ${(err as Error).message}`);
      }
    });
    socket.on('error', (err) => retire(`connection error: ${err.message}`));
    socket.on('close', () => retire(inFlight ? 'connection closed before the answer' : undefined));
  }

  await new Promise<void>((resolve) => {
    for (let i = 0; i < settings.connections; i++) connect();
    setTimeout(
      () => {
        stopped = true;
        for (const s of sockets) s.destroy();
        sockets.clear();
        resolve();
      },
      Math.max(0, deadline - performance.now()),
    );
  });

  const seconds = (Math.min(performance.now(), deadline) - startedAt) / 1000;
  const measured = latencies.subarray(0, answers);
  return {
    rps: seconds > 0 ? answers / seconds : 0,
    p99Ms: Math.round(percentile(measured, 99)),
    requests: answers,
    errors: failed,
    firstFailure,
  };
}
