/**
 * Pre-rendering of a site's pages into the page cache (issue 14 Figures: "pre-rendered, stored HTML
 * is fair"), so that a visitor's first look at a product page is answered from memory, not
 * rendered while they wait.
 *
 * A visit to a site's own domain names an address (protocol and host) its pages are seen at; the
 * warmer then renders that address's pages (each product's page in each of the site's locales) in
 * the background, one at a time with a turn of the event loop between them, so visits are answered
 * in between. After the site changes (a release, a take-off, a new parameter: `sitePageDeps`), its
 * pages are rendered as visitors ask for them, and warmed again by a visit once the site has been
 * quiet for QUIET_MS: an editor releasing item after item starts one pass, after the last.
 * Warming stops while the cache is filled to WARM_FILL of its cap: it never pushes out a page a
 * visitor asked for. Addresses are those of site domains only (the portal host's /site/<slug>/ is
 * not warmed: any Host header reaches it), at most MAX_ADDRESSES.
 */
import type { DataVersions } from '../../lib/data-versions';
import { type CachedPage, type SitePageCache, sitePageDeps } from './site.cache';

/** Addresses kept warm at once (a site domain over http and https counts twice). */
export const MAX_ADDRESSES = 64;
/** How long a changed site stays unchanged before a visit warms its pages again. */
export const QUIET_MS = 30_000;

/** One page the warmer can render: its cache key and how it is rendered. */
export interface WarmPage {
  key: string;
  render: () => Promise<CachedPage>;
}

interface Address {
  siteId: number;
  pages: () => Promise<WarmPage[]>;
  /** The versions token the last complete pass began at (null: none yet, one under way, or one cut short). */
  warmAt: number | null;
  /** A pass has completed once: the next waits for the site to be quiet. */
  warmedOnce: boolean;
  /** Since when (the clock, and the versions token then) the changed site has been seen unchanged. */
  quiet?: { token: number; at: number };
  /** A visit asked for a pass. */
  due: boolean;
  /** A pass is under way. */
  warming: boolean;
}

export class SitePageWarmer {
  private readonly addresses = new Map<string, Address>();
  private running: Promise<void> | null = null;
  private again = false;
  /** Pages rendered ahead of a visit, since start. */
  warmed = 0;

  constructor(
    private readonly cache: SitePageCache,
    private readonly versions: DataVersions,
    private readonly onError: (err: unknown) => void,
    private readonly now: () => number,
    private readonly quietMs = QUIET_MS,
    /** Waits between two pages (a turn of the event loop by default). */
    private readonly pause: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve)),
  ) {}

  /** Whether a pass is under way. */
  get busy(): boolean {
    return this.running !== null;
  }

  /**
   * A visit to `siteId` at `address`: its pages are warmed unless they have been since the site last
   * changed. `pages` lists them (asked at the start of each pass, so a pass sees the site as it is).
   */
  visit(address: string, siteId: number, pages: () => Promise<WarmPage[]>): void {
    const known = this.addresses.get(address);
    if (!known) {
      if (this.addresses.size >= MAX_ADDRESSES) return;
      this.addresses.set(address, { siteId, pages, warmAt: null, warmedOnce: false, due: true, warming: false });
      this.start();
      return;
    }
    const deps = sitePageDeps(siteId);
    if (known.due || known.warming || (known.warmAt !== null && !this.versions.changedSince(known.warmAt, deps))) return;
    if (known.warmedOnce) {
      // Changed since its last pass: warmed again once nothing has changed for quietMs.
      const token = this.versions.begin();
      if (token === null) return;
      if (!known.quiet || this.versions.changedSince(known.quiet.token, deps)) {
        known.quiet = { token, at: this.now() };
        return;
      }
      if (this.now() - known.quiet.at < this.quietMs) return;
    }
    known.pages = pages;
    known.due = true;
    this.start();
  }

  /** Resolves when no pass is under way (tests, the bench's wait). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private start() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run()
      .catch(this.onError)
      .finally(() => {
        this.running = null;
      });
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      for (const a of this.addresses.values()) {
        if (!a.due) continue;
        a.due = false;
        const token = this.versions.begin();
        // Nothing can be kept while changes cannot be heard: the next visit tries again.
        if (token === null) continue;
        a.warmAt = null;
        a.quiet = undefined;
        a.warming = true;
        try {
          await this.pass(a, token);
        } finally {
          a.warming = false;
        }
      }
    } while (this.again);
  }

  /** One pass over an address's pages, from `token` on. */
  private async pass(a: Address, token: number): Promise<void> {
    const deps = sitePageDeps(a.siteId);
    for (const page of await a.pages()) {
      await this.pause();
      if (this.versions.changedSince(token, deps)) break;
      let done: 'kept' | 'rendered' | 'full' = 'kept';
      try {
        done = await this.cache.warm(page.key, page.render, deps);
      } catch (err) {
        this.onError(err);
      }
      if (done === 'rendered') this.warmed++;
      if (done === 'full') break;
    }
    // A pass the site's change cut short is not complete: a later visit starts another.
    if (!this.versions.changedSince(token, deps)) {
      a.warmAt = token;
      a.warmedOnce = true;
    }
  }
}
