/**
 * Rich text (issue 14 §4): a body is a Tiptap document checked on save against the allowlist. An
 * XSS corpus through the body is refused naming the node, mark or attribute (both locales), or
 * renders inert; images must be this site's uploaded content files with alt text; a document
 * round-trips to HTML through the static renderer; a legacy HTML body still reads and renders,
 * and is written back as a document on the next save; meta description and JSON-LD take the text.
 */
import { contentCalls, errorMessage, ErrorCodes, type RichTextDoc, type RichTextNode } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentRevisions, files, users } from '../../../src/db/schema';
import { renderRichText, toRichTextDoc } from '../../../src/modules/cloud-content/rich-text';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';

const text = (t: string, marks?: RichTextNode['marks']): RichTextNode =>
  marks ? { type: 'text', text: t, marks } : { type: 'text', text: t };
const p = (...c: RichTextNode[]): RichTextNode => ({ type: 'paragraph', content: c });
const doc = (...c: RichTextNode[]): RichTextDoc => ({ type: 'doc', content: c });
const HASH = 'a'.repeat(64);
const OTHER_HASH = 'b'.repeat(64);
const img = (src: string, alt: string | null = 'A bullet camera') => ({ type: 'image', attrs: { src, alt, title: null } });

describe('rich text rendering (no database)', () => {
  it('renders a document to HTML with text escaped, links with a fixed rel and no target', () => {
    const html = renderRichText(
      doc(
        { type: 'heading', attrs: { level: 2 }, content: [text('</script><b>x</b> & "y"')] },
        p(
          text('bold', [{ type: 'bold' }]),
          text(' it', [{ type: 'italic' }]),
          { type: 'hardBreak' },
          text('site', [{ type: 'link', attrs: { href: 'https://acme.test/?a=1&b=2', target: '_blank', rel: 'opener', class: 'x' } }]),
        ),
        { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('one'))] }] },
        { type: 'orderedList', attrs: { start: 1, type: null }, content: [{ type: 'listItem', content: [p(text('two'))] }] },
        { type: 'blockquote', content: [p(text('quote', [{ type: 'underline' }, { type: 'strike' }, { type: 'code' }]))] },
        { type: 'horizontalRule' },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [{ type: 'tableHeader', attrs: { colspan: 1, rowspan: 1, colwidth: null }, content: [p(text('h'))] }],
            },
            {
              type: 'tableRow',
              content: [{ type: 'tableCell', attrs: { colspan: 1, rowspan: 1, colwidth: null }, content: [p(text('c'))] }],
            },
          ],
        },
        img(`/content-assets/${HASH}-640.jpg`, 'A "cam"'),
      ),
    );
    expect(html).toContain('<h2>&lt;/script&gt;&lt;b&gt;x&lt;/b&gt; &amp; "y"</h2>');
    expect(html).toContain('<strong>bold</strong><em> it</em><br/>');
    expect(html).toContain('<a rel="noopener noreferrer nofollow" href="https://acme.test/?a=1&amp;b=2">site</a>');
    expect(html).not.toMatch(/target=|class=|opener"/);
    expect(html).toContain('<ul><li><p>one</p></li></ul>');
    expect(html).toMatch(/<ol[^>]*><li><p>two<\/p><\/li><\/ol>/);
    expect(html).toMatch(/<blockquote><p>.*quote.*<\/p><\/blockquote>/);
    expect(html).toContain('<hr/>');
    expect(html).toMatch(/<table[^>]*>.*<th[^>]*><p>h<\/p><\/th>.*<td[^>]*><p>c<\/p><\/td>/);
    expect(html).toContain(`<img loading="lazy" src="/content-assets/${HASH}-640.jpg" alt="A &quot;cam&quot;"/>`);
    expect(html).not.toContain('<script');
  });

  it('renders a stored document outside the allowlist as its escaped text, and a legacy HTML body through sanitize-html', () => {
    const bad = renderRichText(doc({ type: 'iframe', attrs: {}, content: [text('<b>inner</b>')] } as RichTextNode));
    expect(bad).toBe('<p>&lt;b&gt;inner&lt;/b&gt;</p>');
    const legacy = renderRichText('<p onclick="x()">Old <b>html</b></p><script>alert(1)</script><a href="javascript:alert(1)">j</a>');
    expect(legacy).toContain('<p>Old <b>html</b></p>');
    expect(legacy).not.toMatch(/script|onclick|javascript/);
    expect(toRichTextDoc('<h2>Title</h2><p>One &amp; two</p><script>alert(1)</script>')).toEqual(
      doc(p(text('Title')), p(text('One & two'))),
    );
    expect(toRichTextDoc(undefined)).toEqual(doc());
  });
});

describe.each(ENGINES)('rich text through the body (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let seq = 0;
  const get = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { host: 'portal.test' } });

  const create = (body: unknown, over: Record<string, unknown> = {}, locale?: string) => {
    seq++;
    return t.call(
      contentCalls.itemCreate,
      {
        type: 'news',
        shared: {},
        locale: 'en-US',
        translation: { title: `Rich news ${seq}`, slug: `rich-${seq}`, body: body as RichTextDoc, ...over },
      },
      owner,
      locale ? { locale } : undefined,
    );
  };

  async function addContentFile(email: string, hash: string, path: string) {
    const [u] = await t.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email));
    await t.database.db.insert(files).values({
      companyId: u!.companyId,
      path,
      name: 'camera.jpg',
      mime: 'image/jpeg',
      size: 100,
      sha256: hash,
      isPublic: true,
    });
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
    const site = await t.call(contentCalls.siteSave, { name: 'Rich Vision', slug: 'rich-vision', domains: [] }, owner);
    expect(site.basic.code).toBe(200);
    await addContentFile('owner-a@test.local', HASH, `content/richimage/2026/11/${HASH}.jpg`);
    // Another brand's upload, and one of this company's files that is not a content file.
    await addContentFile('owner-b@test.local', OTHER_HASH, `content/richimage/2026/11/${OTHER_HASH}.jpg`);
    await addContentFile('owner-a@test.local', 'c'.repeat(64), `logos/2026/11/${'c'.repeat(64)}.png`);
  });
  afterAll(async () => {
    await t.close();
  });

  // Each entry: a body, the code, and the words its message must hold (the node or mark, the attribute).
  const refused: Array<[string, unknown, number, string[]]> = [
    ['script node', doc({ type: 'script', content: [text('alert(1)')] }), ErrorCodes.contentRichTextNode, ["'script'"]],
    ['iframe', doc({ type: 'iframe', attrs: { src: 'https://evil.test' } }), ErrorCodes.contentRichTextNode, ["'iframe'"]],
    ['svg', doc(p({ type: 'svg', attrs: { onload: 'alert(1)' } })), ErrorCodes.contentRichTextNode, ["'svg'"]],
    ['style node', doc({ type: 'style', content: [text('body{display:none}')] }), ErrorCodes.contentRichTextNode, ["'style'"]],
    ['code block', doc({ type: 'codeBlock', content: [text('x')] }), ErrorCodes.contentRichTextNode, ["'codeBlock'"]],
    ['a nested doc', doc(p({ type: 'doc', content: [] })), ErrorCodes.contentRichTextNode, ["'doc'"]],
    ['style mark', doc(p(text('x', [{ type: 'textStyle', attrs: { color: 'red' } }]))), ErrorCodes.contentRichTextNode, ["'textStyle'"]],
    [
      'event attribute',
      doc({ type: 'paragraph', attrs: { onclick: 'alert(1)' }, content: [text('x')] }),
      ErrorCodes.contentRichTextAttribute,
      ["'onclick'", "'paragraph'"],
    ],
    [
      'style attribute',
      doc({ type: 'paragraph', attrs: { style: 'color:red' }, content: [text('x')] }),
      ErrorCodes.contentRichTextAttribute,
      ["'style'", "'paragraph'"],
    ],
    [
      'image onerror',
      doc({ type: 'image', attrs: { src: `/content-assets/${HASH}-640.jpg`, alt: 'x', onerror: 'alert(1)' } }),
      ErrorCodes.contentRichTextAttribute,
      ["'onerror'", "'image'"],
    ],
    [
      'link onmouseover',
      doc(p(text('x', [{ type: 'link', attrs: { href: 'https://a.test', onmouseover: 'x' } }]))),
      ErrorCodes.contentRichTextAttribute,
      ["'onmouseover'", "'link'"],
    ],
    [
      'heading 1',
      doc({ type: 'heading', attrs: { level: 1 }, content: [text('x')] }),
      ErrorCodes.contentRichTextAttribute,
      ["'level'", "'heading'"],
    ],
    [
      'javascript: link',
      doc(p(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))),
      ErrorCodes.contentRichTextLink,
      ["'javascript:alert(1)'", 'href'],
    ],
    [
      'JavaScript: link with spaces',
      doc(p(text('x', [{ type: 'link', attrs: { href: ' JaVaScRiPt:alert(1)' } }]))),
      ErrorCodes.contentRichTextLink,
      ['href'],
    ],
    [
      'data: link',
      doc(p(text('x', [{ type: 'link', attrs: { href: 'data:text/html,<script>alert(1)</script>' } }]))),
      ErrorCodes.contentRichTextLink,
      ["'data:text/html"],
    ],
    ['relative link', doc(p(text('x', [{ type: 'link', attrs: { href: '//evil.test/x' } }]))), ErrorCodes.contentRichTextLink, ['href']],
    ['data: image', doc(img('data:image/svg+xml;base64,PHN2Zz4=')), ErrorCodes.contentRichTextImageSource, ["'data:image/svg+xml"]],
    ['outside image', doc(img('https://evil.test/x.jpg')), ErrorCodes.contentRichTextImageSource, ["'https://evil.test/x.jpg'"]],
    ['svg asset', doc(img(`/content-assets/${HASH}-640.svg`)), ErrorCodes.contentRichTextImageSource, ['src']],
    ["another brand's upload", doc(img(`/content-assets/${OTHER_HASH}-640.jpg`)), ErrorCodes.contentRichTextImageSource, [OTHER_HASH]],
    [
      'a file that is not a content upload',
      doc(img(`/content-assets/${'c'.repeat(64)}-640.jpg`)),
      ErrorCodes.contentRichTextImageSource,
      ['src'],
    ],
    ['image without alt', doc(img(`/content-assets/${HASH}-640.jpg`, null)), ErrorCodes.contentRichTextImageAlt, ["'image'"]],
    ['image with blank alt', doc(img(`/content-assets/${HASH}-640.jpg`, '  ')), ErrorCodes.contentRichTextImageAlt, ["'image'"]],
    ['too big', doc(...Array.from({ length: 30 }, () => p(text('x'.repeat(8000))))), ErrorCodes.contentRichTextTooLarge, ['200000']],
  ];

  it.each(refused)('refuses %s naming it, in both locales', async (_name, body, code, words) => {
    const en = await create(body);
    expect(en.basic.code, en.basic.msg).toBe(code);
    for (const w of words) expect(en.basic.msg).toContain(w);
    const zh = await create(body, {}, 'zh-CN');
    expect(zh.basic.code).toBe(code);
    expect(zh.basic.msg).toMatch(/富文本/);
    expect(errorMessage(code, 'zh-CN', {})).not.toBe(errorMessage(code, 'en-US', {}));
  });

  it('refuses a body nested too deeply, and one that is not a document, without a 500', async () => {
    let deep: RichTextNode = p(text('x'));
    for (let i = 0; i < 1000; i++) deep = { type: 'blockquote', content: [deep] };
    const r = await create(doc(deep));
    // The envelope's own depth guard (1030) or the body schema's refuses it before any recursion.
    expect([ErrorCodes.invalidParams, 1030]).toContain(r.basic.code);
    expect(r.basic.msg).toMatch(/nested too deeply/);
    let shallowDeep: RichTextNode = p(text('x'));
    for (let i = 0; i < 11; i++) shallowDeep = { type: 'blockquote', content: [shallowDeep] };
    expect((await create(doc(shallowDeep))).basic.code).toBe(ErrorCodes.contentRichTextTooLarge);
    expect((await create('<p>html string</p>')).basic.code).toBe(ErrorCodes.invalidParams);
    expect((await create({ type: 'doc', content: [{ type: 'text', text: 5 }] })).basic.code).toBe(ErrorCodes.invalidParams);
  });

  it('refuses a bad body on save too, leaving the item as it was', async () => {
    const item = await create(doc(p(text('first'))));
    expect(item.basic.code).toBe(200);
    const bad = await t.call(
      contentCalls.itemSave,
      {
        id: item.data.id,
        version: item.data.version,
        locale: 'en-US',
        translation: { title: 'Rich news', body: doc({ type: 'iframe' }) },
      },
      owner,
    );
    expect(bad.basic.code).toBe(ErrorCodes.contentRichTextNode);
    const again = await t.call(contentCalls.itemGet, { id: item.data.id }, owner);
    expect(again.data.version).toBe(item.data.version);
    expect(again.data.translations[0]!.body).toEqual(doc(p(text('first'))));
  });

  it('keeps a document through save, get and release, and the site renders it; the description comes from its text', async () => {
    const body = doc(
      { type: 'heading', attrs: { level: 2 }, content: [text('Night vision')] },
      p(
        text('Sees '),
        text('50 m', [{ type: 'bold' }]),
        text(' in the dark. '),
        text('Datasheet', [{ type: 'link', attrs: { href: 'https://acme.test/ds.pdf', target: '_blank', rel: null, class: null } }]),
        text(' · '),
        text('mail us', [{ type: 'link', attrs: { href: 'mailto:sales@acme.test' } }]),
        text(' </script><script>alert(1)</script>'),
      ),
      img(`/content-assets/${HASH}-1280.jpg`, 'The camera at night'),
    );
    const made = await create(body);
    expect(made.basic.code, made.basic.msg).toBe(200);
    expect(made.data.translations[0]!.body).toEqual(body);
    const rel = await t.call(contentCalls.itemOperate, { id: made.data.id, locale: 'en-US', action: 'release' }, owner);
    expect(rel.basic.code, rel.basic.msg).toBe(200);
    const page = await get(`/site/rich-vision/en-US/news/rich-${seq}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h2>Night vision</h2>');
    expect(page.body).toContain('<strong>50 m</strong>');
    expect(page.body).toContain('<a rel="noopener noreferrer nofollow" href="https://acme.test/ds.pdf">Datasheet</a>');
    expect(page.body).toContain('href="mailto:sales@acme.test"');
    expect(page.body).toContain(`<img loading="lazy" src="/content-assets/${HASH}-1280.jpg" alt="The camera at night"/>`);
    expect(page.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const scripts = page.body.match(/<script[^>]*>/g) ?? [];
    expect(scripts.every((s) => s === '<script type="application/ld+json">')).toBe(true);
    expect(page.body).toContain('<meta name="description" content="Night vision Sees 50 m in the dark.');
    const ld = page.body.split('<script type="application/ld+json">')[1]!.split('</script>')[0]!;
    expect(ld).not.toContain('<');
    const lds = ([] as Array<{ '@type'?: string; description?: string }>).concat(JSON.parse(ld));
    expect(lds.find((x) => x['@type'] === 'NewsArticle')?.description).toContain('Night vision Sees 50 m in the dark. Datasheet');
  });

  it('reads a legacy HTML body as paragraphs, renders it sanitized, and writes it back as a document on save', async () => {
    const made = await create(doc(p(text('placeholder'))));
    const id = made.data.id;
    const legacy = '<p>Old <b>bold</b> text</p><script>alert(1)</script><p onclick="x()">Second</p>';
    const latest = made.data.translations[0]!.latestRevisionId!;
    await t.database.db
      .update(contentRevisions)
      .set({ data: sql`jsonb_set(${contentRevisions.data}, '{translation,body}', ${JSON.stringify(legacy)}::jsonb)` })
      .where(eq(contentRevisions.id, latest));
    const got = await t.call(contentCalls.itemGet, { id }, owner);
    expect(got.data.translations[0]!.body).toEqual(doc(p(text('Old bold text')), p(text('Second'))));
    await t.call(contentCalls.itemOperate, { id, locale: 'en-US', action: 'release' }, owner);
    const page = await get(`/site/rich-vision/en-US/news/rich-${seq}`);
    expect(page.body).toContain('<p>Old <b>bold</b> text</p>');
    expect(page.body).not.toMatch(/alert\(1\)|onclick/);
    const fresh = await t.call(contentCalls.itemGet, { id }, owner);
    const saved = await t.call(
      contentCalls.itemSave,
      {
        id,
        version: fresh.data.version,
        locale: 'en-US',
        translation: { title: `Rich news ${seq}`, slug: `rich-${seq}`, body: got.data.translations[0]!.body },
      },
      owner,
    );
    expect(saved.basic.code, saved.basic.msg).toBe(200);
    const [rev] = await t.database.db
      .select({ data: contentRevisions.data })
      .from(contentRevisions)
      .where(eq(contentRevisions.id, saved.data.translations[0]!.latestRevisionId!));
    expect((rev!.data as { translation: { body: unknown } }).translation.body).toEqual(doc(p(text('Old bold text')), p(text('Second'))));
  });
});
