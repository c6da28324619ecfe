/**
 * The server's logger options (plugins/log-redaction.ts): a client that went away mid-answer is not a
 * server error; every other error stays an error.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { portalLoggerOptions } from '../../src/plugins/log-redaction';

function logger() {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino(portalLoggerOptions('info'), { write: (l: string) => lines.push(JSON.parse(l) as Record<string, unknown>) });
  return { log, lines };
}

describe('logger options', () => {
  it('logs a stream the client closed early ("premature close") at info, not as an error', () => {
    const { log, lines } = logger();
    log.error(new Error('premature close'));
    const closed = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    log.child({ reqId: 'r-1' }).error(closed);
    expect(lines.map((l) => [l.level, l.msg, l.clientClosed])).toEqual([
      [30, 'the client closed the connection before the answer was sent', true],
      [30, 'the client closed the connection before the answer was sent', true],
    ]);
    expect(lines[1]!.reqId).toBe('r-1');
  });

  it('keeps every other error an error, with its message', () => {
    const { log, lines } = logger();
    log.error(new Error('connection refused'));
    log.error({ err: new Error('premature close') }, 'a job failed');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'connection refused'],
      [50, 'a job failed'],
    ]);
  });
});
