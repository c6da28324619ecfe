import { LIVE_CLOSE_CODES, type LiveEvent } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { LIVE_BACKOFF_MAX_MS, LIVE_BACKOFF_MIN_MS, LiveClient, type LiveSocket } from './live-client';

class FakeSocket implements LiveSocket {
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  closedWith: number | null = null;
  constructor(public ticket: string) {}
  push(e: LiveEvent | string) {
    this.onmessage?.({ data: typeof e === 'string' ? e : JSON.stringify(e) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(opts: { ticketFails?: () => boolean; active?: () => boolean } = {}) {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  let tickets = 0;
  const client = new LiveClient({
    ticket: async () => {
      if (opts.ticketFails?.()) throw new Error('refused');
      return `t${++tickets}`;
    },
    open: (ticket) => {
      const s = new FakeSocket(ticket);
      sockets.push(s);
      return s;
    },
    active: opts.active ?? (() => true),
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
    random: () => 1,
  });
  const events: LiveEvent[] = [];
  client.subscribe((e) => events.push(e));
  /** Runs the next pending retry timer; answers its delay. */
  const fire = async () => {
    const t = timers.shift();
    if (!t) throw new Error('no timer');
    t.fn();
    await flush();
    return t.ms;
  };
  return { client, sockets, timers, events, fire };
}

describe('live client', () => {
  it('opens with a fresh ticket, is connected on ready and passes events on', async () => {
    const { client, sockets, events } = setup();
    client.start();
    await flush();
    expect(sockets.map((s) => s.ticket)).toEqual(['t1']);
    expect(client.isConnected).toBe(false);
    sockets[0]!.push({ type: 'ready' });
    expect(client.isConnected).toBe(true);
    sockets[0]!.push({ type: 'chat', conversationId: 4, seq: 9 });
    sockets[0]!.push('not json');
    sockets[0]!.push(JSON.stringify({ type: 'unknown' }));
    expect(events).toEqual([{ type: 'chat', conversationId: 4, seq: 9 }]);
  });

  it('reconnects after a loss with a new ticket and backoff, then tells its listeners to resync', async () => {
    const { client, sockets, events, fire } = setup();
    const states: boolean[] = [];
    client.onState(() => states.push(client.isConnected));
    client.start();
    await flush();
    sockets[0]!.push({ type: 'ready' });
    sockets[0]!.drop();
    expect(client.isConnected).toBe(false);
    // The second attempt also fails before it opens: the delay grows.
    expect(await fire()).toBe(LIVE_BACKOFF_MIN_MS);
    expect(sockets[1]!.ticket).toBe('t2');
    sockets[1]!.drop();
    expect(await fire()).toBe(LIVE_BACKOFF_MIN_MS * 2);
    expect(events).toEqual([]);
    sockets[2]!.push({ type: 'ready' });
    expect(events).toEqual([{ type: 'resync' }]);
    expect(states).toEqual([true, false, true]);
    // Open again: the backoff starts over.
    sockets[2]!.drop();
    expect(await fire()).toBe(LIVE_BACKOFF_MIN_MS);
    // The server's own resync is passed on.
    sockets[3]!.push({ type: 'ready' });
    sockets[3]!.push({ type: 'resync' });
    expect(events).toEqual([{ type: 'resync' }, { type: 'resync' }, { type: 'resync' }]);
  });

  it('retries a refused ticket with a capped backoff, and not at all once stopped', async () => {
    let fail = true;
    const { client, sockets, timers, fire } = setup({ ticketFails: () => fail });
    client.start();
    await flush();
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) delays.push(await fire());
    expect(delays.slice(0, 3)).toEqual([LIVE_BACKOFF_MIN_MS, LIVE_BACKOFF_MIN_MS * 2, LIVE_BACKOFF_MIN_MS * 4]);
    expect(Math.max(...delays)).toBe(LIVE_BACKOFF_MAX_MS);
    expect(sockets).toEqual([]);
    fail = false;
    await fire();
    expect(sockets).toHaveLength(1);
    client.stop();
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(timers).toEqual([]);
    sockets[0]!.drop(); // a late close after stop: no retry
    expect(timers).toEqual([]);
  });

  it('does not ask for a ticket while signed out', async () => {
    let active = false;
    const { client, sockets, fire } = setup({ active: () => active });
    client.start();
    await flush();
    expect(sockets).toEqual([]);
    active = true;
    await fire();
    expect(sockets).toHaveLength(1);
  });

  it('asks for a new ticket at once when the socket is closed for a used or expired ticket (4003), then backs off', async () => {
    const { client, sockets, timers, events, fire } = setup();
    client.start();
    await flush();
    sockets[0]!.drop(LIVE_CLOSE_CODES.ticketInvalid);
    await flush();
    // No wait: a second ticket and socket straight away.
    expect(timers).toEqual([]);
    expect(sockets.map((s) => s.ticket)).toEqual(['t1', 't2']);
    // Refused again: now the ordinary backoff.
    sockets[1]!.drop(LIVE_CLOSE_CODES.ticketInvalid);
    await flush();
    expect(sockets).toHaveLength(2);
    expect(await fire()).toBe(LIVE_BACKOFF_MIN_MS);
    sockets[2]!.push({ type: 'ready' });
    expect(client.isConnected).toBe(true);
    expect(events).toEqual([]);
    // Once open, a later refused ticket gets its immediate new one again.
    sockets[2]!.drop(LIVE_CLOSE_CODES.ticketInvalid);
    await flush();
    expect(timers).toEqual([]);
    expect(sockets.map((s) => s.ticket)).toEqual(['t1', 't2', 't3', 't4']);
  });
});
