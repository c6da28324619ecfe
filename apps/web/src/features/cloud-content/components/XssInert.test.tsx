import type { ContentItem, InstallerFaq, SeoGap } from '@portal/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import InstallerFaqPage from '../pages/InstallerFaqPage';
import { ItemsPanel } from './ItemsPanel';
import { SeoPanel } from './SeoPanel';

/**
 * An XSS corpus (script, event attributes, javascript: links, SVG, `</script>`) saved as titles,
 * models, FAQ questions and answers and SEO details renders as text in the portal: no element,
 * attribute or link of its own reaches the page (issue 14, Tests).
 */
const CORPUS = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 2">',
  '<a href="javascript:window.__xss = 3">x</a>',
  '<svg onload="window.__xss = 4"><circle/></svg>',
  '</script><script>window.__xss = 5</script>',
];
const PAYLOAD = CORPUS.join(' ');

const item = (id: number): ContentItem => ({
  id,
  siteId: 1,
  type: 'product',
  shared: { model: PAYLOAD.slice(0, 64) },
  version: 1,
  updatedAt: Date.UTC(2026, 0, 1),
  updatedByName: PAYLOAD,
  actions: ['edit'],
  translations: [
    {
      locale: 'en-US',
      state: 'draft',
      title: PAYLOAD,
      slug: 'x',
      summary: PAYLOAD,
      body: { type: 'doc', content: [] },
      seoTitle: '',
      seoDescription: '',
      noindex: false,
      ogImage: '',
      canonical: '',
      latestRevisionId: 1,
      releasedRevisionId: null,
      hasUnreleasedChanges: true,
      releasedAt: null,
      reason: PAYLOAD,
      actions: [],
    },
  ],
});
const faq = (id: number): InstallerFaq => ({
  id,
  locale: 'en-US',
  typeId: 1,
  typeTitle: PAYLOAD,
  question: PAYLOAD,
  answer: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: PAYLOAD }] }] },
  sort: 0,
});
const gap: SeoGap = { kind: 'brokenLink', itemId: 3, type: 'news', locale: 'en-US', title: PAYLOAD, detail: 'javascript:window.__xss = 6' };

/** Nothing of the corpus became markup: no script, svg or image element, no on* attribute, no javascript: link. */
function expectInert(container: HTMLElement) {
  expect(container.querySelectorAll('script, svg circle, img[src="x"]')).toHaveLength(0);
  for (const el of Array.from(container.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false);
      expect(/^\s*javascript:/i.test(attr.value), `${el.tagName} ${attr.name}=${attr.value}`).toBe(false);
    }
  }
  expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
}

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an XSS corpus renders inert in the portal', () => {
  it('in the item list (titles, models, states)', async () => {
    signIn(partnerOwner());
    mockApi((path) => {
      if (path === 'content/abilities') return { data: { actions: ['createItem'] } };
      if (path === 'content/item/list') return { data: { records: [item(1), item(2)], total: 2, pageNum: 1, pageSize: 10 } };
      return undefined;
    });
    const { container } = renderPage(<ItemsPanel type="product" />);
    expect((await screen.findAllByText(PAYLOAD, { exact: false })).length).toBeGreaterThan(0);
    expectInert(container);
  });

  it("on the installers' FAQ page (questions, answers, types)", async () => {
    signIn(partnerOwner({ userType: 'installer' }));
    mockApi((path) => {
      if (path === 'content/installer-faq/list') return { data: { records: [faq(1)], total: 1, pageNum: 1, pageSize: 50 } };
      return undefined;
    });
    const { container } = renderPage(<InstallerFaqPage />);
    expect(await screen.findByRole('heading', { name: PAYLOAD })).toBeInTheDocument();
    expectInert(container);
  });

  it('in the SEO tab (titles and link details)', async () => {
    signIn(partnerOwner());
    mockApi((path) => {
      if (path === 'content/seo/list') return { data: { gaps: [gap] } };
      return undefined;
    });
    const { container } = renderPage(<SeoPanel />);
    expect(await screen.findByText('Broken internal link')).toBeInTheDocument();
    expectInert(container);
  });
});
