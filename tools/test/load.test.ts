import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerParser, requestBytes, runLoad, type Answer } from '../bench/load';

function parse(bytes: string, keepBodies = true, split = 0): Answer[] {
  const answers: Answer[] = [];
  const p = new AnswerParser(keepBodies, (a) => answers.push(a));
  const buf = Buffer.from(bytes, 'latin1');
  if (split <= 0) p.push(buf);
  else for (let i = 0; i < buf.length; i += split) p.push(buf.subarray(i, i + split));
  return answers;
}

const pair =
  'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello' +
  'HTTP/1.1 404 Not Found\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n3;x=1\r\nabc\r\n2\r\nde\r\n0\r\nx-t: 1\r\n\r\n' +
  'HTTP/1.1 304 Not Modified\r\nContent-Length: 99\r\n\r\n';

describe('the bench load client', () => {
  it('reads answers of a length, in chunks with trailers, and without a body, however the bytes are split', () => {
    for (const split of [0, 1, 2, 3, 7, 64]) {
      const answers = parse(pair, true, split);
      expect(answers.map((a) => [a.status, a.body?.toString(), a.close])).toEqual([
        [200, 'hello', false],
        [404, 'abcde', true],
        [304, '', false],
      ]);
    }
  });

  it('counts bodies without keeping them when no one reads them', () => {
    expect(parse(pair, false, 3).map((a) => [a.status, a.body])).toEqual([
      [200, undefined],
      [404, undefined],
      [304, undefined],
    ]);
  });

  it('refuses bytes that are not an HTTP/1.1 answer or have no length', () => {
    expect(() => parse('SSH-2.0-OpenSSH\r\n\r\n')).toThrow(/not an HTTP answer/);
    expect(() => parse('HTTP/1.1 200 OK\r\n\r\nabc')).toThrow(/without a length/);
    expect(() => parse('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n')).toThrow(/bad chunk size/);
  });

  it('writes each request afresh: method, path, host, headers and a body with its length', () => {
    let n = 0;
    const text = requestBytes('127.0.0.1:1', {
      path: '/a',
      headers: { 'x-k': 'v' },
      next: () => ({ path: `/p${++n}`, body: '{"é":1}', headers: { authorization: 'A' } }),
    }).toString();
    expect(text).toBe(
      'POST /p1 HTTP/1.1\r\nhost: 127.0.0.1:1\r\ncontent-type: application/json\r\nx-k: v\r\nauthorization: A\r\ncontent-length: 8\r\n\r\n{"é":1}',
    );
    expect(requestBytes('h', { method: 'GET', path: '/x' }).toString()).toBe('GET /x HTTP/1.1\r\nhost: h\r\n\r\n');
  });

  describe('against a server', () => {
    let server: http.Server;
    let origin = '';
    const seen: string[] = [];
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (d: Buffer) => (body += d.toString()));
        req.on('end', () => {
          seen.push(`${req.method} ${req.url} ${body}`);
          if (req.url === '/close') res.setHeader('connection', 'close');
          if (req.url === '/chunked') {
            res.write('{"ok":');
            res.end('true}');
          } else if (req.url === '/bad') res.writeHead(500).end('{"ok":false}');
          else res.end(body || '{"ok":true}');
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('keeps every connection busy for the duration and counts each answer once', async () => {
      seen.length = 0;
      let i = 0;
      const r = await runLoad(origin, { path: '/echo', body: () => `{"i":${i++}}` }, { connections: 4, duration: 0.5 });
      expect(r.requests).toBeGreaterThan(20);
      expect(r.errors).toBe(0);
      // Answers over the run's length (half a second, within a timer's slack).
      expect(r.rps).toBeGreaterThan(r.requests / 0.55);
      expect(r.rps).toBeLessThan(r.requests / 0.45);
      // Each request carried its own body; answers received after the end are not counted.
      expect(seen.length).toBeGreaterThanOrEqual(r.requests);
      expect(new Set(seen).size).toBe(seen.length);
    });

    it('judges answers by their body when asked, and reconnects when the server closes', async () => {
      const ok = await runLoad(
        origin,
        { method: 'GET', path: '/chunked', isSuccess: (s, b) => s === 200 && JSON.parse(b).ok === true },
        { connections: 2, duration: 0.3 },
      );
      expect([ok.errors, ok.requests > 5]).toEqual([0, true]);
      const closing = await runLoad(origin, { method: 'GET', path: '/close' }, { connections: 2, duration: 0.3 });
      expect([closing.errors, closing.requests > 5]).toEqual([0, true]);
      const bad = await runLoad(origin, { method: 'GET', path: '/bad' }, { connections: 1, duration: 0.2 });
      expect(bad.errors).toBe(bad.requests);
      expect(bad.firstFailure).toBe('HTTP 500 ');
    });

    it('counts a refused connection and a silent server as failures, not as answers', async () => {
      const refused = await runLoad('http://127.0.0.1:1', { method: 'GET', path: '/' }, { connections: 1, duration: 0.2 });
      expect(refused.requests).toBe(0);
      expect(refused.errors).toBeGreaterThan(0);
      const silent = http.createServer(() => undefined);
      await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
      try {
        const port = (silent.address() as AddressInfo).port;
        const r = await runLoad(`http://127.0.0.1:${port}`, { method: 'GET', path: '/' }, { connections: 1, duration: 0.4, timeout: 0.1 });
        expect(r.requests).toBe(0);
        expect(r.firstFailure).toBe('timeout');
      } finally {
        silent.closeAllConnections();
        await new Promise<void>((r) => silent.close(() => r()));
      }
    });
  });
});
