/**
 * The live channel's client (issue 13 §11): a ticket from a signed call, then a WebSocket that only
 * receives events (ids and seqs). A lost socket is opened again with a new ticket after a growing,
 * jittered delay; once it is open again its listeners get a 'resync' (events may have been missed
 * meanwhile: refetch after the last seq held). A 'resync' from the server means the same. Features
 * subscribe to events and to the connection state (a slow poll stands in while it is down). A socket
 * closed because its ticket was used or expired (LIVE_CLOSE_CODES.ticketInvalid, 27058) is opened
 * again at once with a new ticket; only when that one is refused too does the backoff apply.
 */
import { LIVE_CLOSE_CODES, liveEventSchema, type LiveEvent } from '@portal/contract';

/** The WebSocket surface the client uses (the browser's; tests pass a fake). */
export interface LiveSocket {
  onmessage: ((e: { data: unknown }) => void) | null;
  onclose: ((e: { code: number }) => void) | null;
  onerror: (() => void) | null;
  close(code?: number): void;
}

export interface LiveClientDeps {
  /** A fresh single-use ticket (the signed call); a rejection counts as a failed attempt. */
  ticket(): Promise<string>;
  /** Opens the socket for a ticket. */
  open(ticket: string): LiveSocket;
  /** Whether to try (again): false once signed out (the ticket's call would be refused). */
  active(): boolean;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
  random?: () => number;
}

export const LIVE_BACKOFF_MIN_MS = 1_000;
export const LIVE_BACKOFF_MAX_MS = 30_000;

type Listener = (e: LiveEvent) => void;

export class LiveClient {
  private socket: LiveSocket | null = null;
  private timer: unknown = null;
  private attempt = 0;
  private running = false;
  private wasOpen = false;
  private connected = false;
  /** A new ticket was asked for at once after a refused one (reset when a socket opens). */
  private renewedTicket = false;
  private readonly listeners = new Set<Listener>();
  private readonly stateListeners = new Set<() => void>();

  constructor(private readonly deps: LiveClientDeps) {}

  /** Whether the socket is open (events arrive); false while connecting or waiting to retry. */
  get isConnected() {
    return this.connected;
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  onState(fn: () => void): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }

  start() {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  stop() {
    this.running = false;
    this.wasOpen = false;
    this.renewedTicket = false;
    this.attempt = 0;
    if (this.timer !== null) (this.deps.clearTimer ?? clearTimeout)(this.timer as never);
    this.timer = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.close(1000);
    }
    this.setConnected(false);
  }

  private async connect() {
    this.timer = null;
    if (!this.running) return;
    if (!this.deps.active()) return this.retry();
    let ticket: string;
    try {
      ticket = await this.deps.ticket();
    } catch {
      return this.retry();
    }
    if (!this.running) return;
    let s: LiveSocket;
    try {
      s = this.deps.open(ticket);
    } catch {
      return this.retry();
    }
    this.socket = s;
    s.onmessage = (m) => this.receive(m.data);
    s.onerror = () => {};
    s.onclose = (e) => {
      if (this.socket !== s) return;
      this.socket = null;
      this.setConnected(false);
      // The ticket was used or expired (e.g. it waited too long): a new one, now, once.
      if (e.code === LIVE_CLOSE_CODES.ticketInvalid && !this.renewedTicket) {
        this.renewedTicket = true;
        void this.connect();
        return;
      }
      this.retry();
    };
  }

  private receive(data: unknown) {
    let parsed: LiveEvent;
    try {
      const r = liveEventSchema.safeParse(JSON.parse(String(data)));
      if (!r.success) return;
      parsed = r.data;
    } catch {
      return;
    }
    if (parsed.type === 'ready') {
      this.attempt = 0;
      this.renewedTicket = false;
      this.setConnected(true);
      // Opened again after a loss: what happened meanwhile was not pushed.
      if (this.wasOpen) this.emit({ type: 'resync' });
      this.wasOpen = true;
      return;
    }
    this.emit(parsed);
  }

  private emit(e: LiveEvent) {
    for (const fn of [...this.listeners]) fn(e);
  }

  private retry() {
    if (!this.running || this.timer !== null) return;
    const base = Math.min(LIVE_BACKOFF_MAX_MS, LIVE_BACKOFF_MIN_MS * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 10);
    const delay = base / 2 + (this.deps.random ?? Math.random)() * (base / 2);
    this.timer = (this.deps.setTimer ?? setTimeout)(() => void this.connect(), delay);
  }

  private setConnected(v: boolean) {
    if (this.connected === v) return;
    this.connected = v;
    for (const fn of [...this.stateListeners]) fn();
  }
}
