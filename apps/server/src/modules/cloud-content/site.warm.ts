/**
 * Pre-rendering of a site's pages into the page cache (issue 14 Figures: "pre-rendered, stored HTML
 * is fair"), so that a visitor's first look at a product page is answered from memory, not
 * rendered while they wait.
 *
 * A visit to a site's own domain names an address (protocol and host) its pages are seen at; the
 * warmer then renders that address's pages (each product's page in each of the site's locales) in
 * the background, one at a time with a turn of the event loop between them, so visits are answered
 * in between. A pass starts again on the next visit after the site changed (a release, a take-off,
 * a new parameter: `sitePageDeps`). Warming stops while the cache is filled to WARM_FILL of its cap:
 * it never pushes out a page a visitor asked for. Addresses are those of site domains only (the
 * portal host's /site/<slug>/ is not warmed: any Host header reaches it), at most MAX_ADDRESSES.
 */
import type { DataVersions } from '../../lib/data-versions';
import { type CachedPage, type SitePageCache, sitePageDeps } from './site.cache';

/** Addresses kept warm at once (a site domain over http and https counts twice). */
export const MAX_ADDRESSES = 64;

/** One page the warmer can render: its cache key and how it is rendered. */
export interface WarmPage {
  key: string;
  render: () => Promise<CachedPage>;
}

interface Address {
  siteId: number;
  pages: () => Promise<WarmPage[]>;
  /** The versions token the last complete pass began at (null: never warmed, or warming now). */
  warmAt: number | null;
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
    if (known) {
      if (known.warmAt !== null && !this.versions.changedSince(known.warmAt, sitePageDeps(siteId))) return;
      known.pages = pages;
    } else {
      if (this.addresses.size >= MAX_ADDRESSES) return;
      this.addresses.set(address, { siteId, pages, warmAt: null });
    }
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
        const deps = sitePageDeps(a.siteId);
        if (a.warmAt !== null && !this.versions.changedSince(a.warmAt, deps)) continue;
        const token = this.versions.begin();
        // Nothing can be kept while changes cannot be heard: the next visit tries again.
        if (token === null) return;
        a.warmAt = null;
        let full = false;
        for (const page of await a.pages()) {
          await this.pause();
          if (this.versions.changedSince(token, deps)) break;
          try {
            const done = await this.cache.warm(page.key, page.render, deps);
            if (done === 'rendered') this.warmed++;
            if (done === 'full') full = true;
          } catch (err) {
            this.onError(err);
          }
          if (full) break;
        }
        // A pass the site's change cut short is not complete: the next visit starts another.
        if (!this.versions.changedSince(token, deps)) a.warmAt = token;
      }
    } while (this.again);
  }
}
