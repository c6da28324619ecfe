import type { RichTextDoc } from '@portal/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { renderPage } from '../../../test/render';
import RichTextEditor, { cleanPastedHtml } from './RichTextEditor';

const upload = vi.hoisted(() => ({ uploadContentFile: vi.fn() }));
vi.mock('../../../lib/api/upload', () => upload);

const HASH = 'a'.repeat(64);
const start: RichTextDoc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Night vision' }] }] };

describe('RichTextEditor', () => {
  // jsdom has no layout: ProseMirror's scrolling into view asks for rectangles.
  beforeAll(() => {
    const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    const rect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
    Range.prototype.getClientRects ??= rects;
    Range.prototype.getBoundingClientRect ??= rect;
    Element.prototype.getClientRects ??= rects;
    document.elementFromPoint ??= () => null;
  });
  afterEach(async () => {
    await act(() => setLocale('en-US'));
  });

  it('renders the document with a labelled toolbar, and Bold emits JSON with the mark', async () => {
    const onChange = vi.fn();
    renderPage(<RichTextEditor value={start} onChange={onChange} label="Content" />);
    const box = await screen.findByRole('textbox', { name: 'Content' });
    expect(box).toHaveTextContent('Night vision');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of ['Bold', 'Italic', 'Underline', 'Strikethrough', 'Code', 'Link', 'Heading 2', 'Heading 3', 'Heading 4']) {
      expect(toolbar.querySelector(`[aria-label="${name}"]`), name).not.toBeNull();
    }
    for (const name of ['Bulleted list', 'Numbered list', 'Quote', 'Insert table', 'Image', 'Undo', 'Redo']) {
      expect(toolbar.querySelector(`[aria-label="${name}"]`), name).not.toBeNull();
    }
    const bold = screen.getByTestId('rich-bold');
    expect(bold).toHaveAttribute('aria-pressed', 'false');
    const user = userEvent.setup({ delay: null });
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(bold);
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const last = onChange.mock.calls.at(-1)![0] as RichTextDoc;
    expect(last).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Night vision', marks: [{ type: 'bold' }] }] }],
    });
    await waitFor(() => expect(screen.getByTestId('rich-bold')).toHaveAttribute('aria-pressed', 'true'));
    expect(box.querySelector('strong')).toHaveTextContent('Night vision');
  });

  it('inserts a heading and a table as allowlisted nodes', async () => {
    const onChange = vi.fn();
    renderPage(<RichTextEditor value={start} onChange={onChange} label="Content" />);
    const box = await screen.findByRole('textbox', { name: 'Content' });
    const user = userEvent.setup({ delay: null });
    await user.click(box);
    await user.click(screen.getByTestId('rich-h3'));
    await waitFor(() =>
      expect((onChange.mock.calls.at(-1)![0] as RichTextDoc).content![0]).toMatchObject({ type: 'heading', attrs: { level: 3 } }),
    );
    await user.click(screen.getByTestId('rich-table'));
    await waitFor(() => expect((onChange.mock.calls.at(-1)![0] as RichTextDoc).content!.some((n) => n.type === 'table')).toBe(true));
  });

  it('asks for alt text and a content-file address before it inserts an image', async () => {
    const onChange = vi.fn();
    renderPage(<RichTextEditor value={start} onChange={onChange} label="Content" />);
    const box = await screen.findByRole('textbox', { name: 'Content' });
    const user = userEvent.setup({ delay: null });
    await user.click(box);
    await user.click(screen.getByTestId('rich-image'));
    const dialog = await screen.findByRole('dialog', { name: 'Image' });
    await user.type(screen.getByTestId('rich-image-src'), 'https://evil.test/x.jpg');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(await screen.findByText('Use the address of an image uploaded to this site (/content-assets/…).')).toBeInTheDocument();
    expect(await screen.findByText('Describe the image for people who cannot see it.')).toBeInTheDocument();
    await user.clear(screen.getByTestId('rich-image-src'));
    await user.click(screen.getByTestId('rich-image-src'));
    await user.paste(`/content-assets/${HASH}-640.jpg`);
    await user.type(screen.getByTestId('rich-image-alt'), 'The camera at night');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() =>
      expect(JSON.stringify(onChange.mock.calls.at(-1)![0])).toContain(
        `"type":"image","attrs":{"src":"/content-assets/${HASH}-640.jpg","alt":"The camera at night"`,
      ),
    );
    expect(dialog).toBeDefined();
  });

  it('uploads an image from the computer as a rich-text image and fills its address, with a preview', async () => {
    upload.uploadContentFile.mockResolvedValue({ url: `/content-assets/${HASH}-1280.jpg` });
    const onChange = vi.fn();
    renderPage(<RichTextEditor value={start} onChange={onChange} label="Content" itemType="product" itemId={4711} />);
    const box = await screen.findByRole('textbox', { name: 'Content' });
    const user = userEvent.setup({ delay: null });
    await user.click(box);
    await user.click(screen.getByTestId('rich-image'));
    await screen.findByRole('dialog', { name: 'Image' });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'night.jpg', { type: 'image/jpeg' });
    const input = document.querySelector<HTMLInputElement>('.ant-modal input[type="file"]')!;
    await user.upload(input, file);
    await waitFor(() => expect(screen.getByTestId('rich-image-src')).toHaveValue(`/content-assets/${HASH}-1280.jpg`));
    // Attached to the item (or the id reserved for a new one), as the cover and the detail images are.
    expect(upload.uploadContentFile).toHaveBeenCalledWith('richImage', expect.objectContaining({ name: 'night.jpg' }), {
      itemType: 'product',
      itemId: 4711,
    });
    expect(screen.getByTestId('rich-image-preview')).toHaveAttribute('src', `/content-assets/${HASH}-1280.jpg`);
    await user.type(screen.getByTestId('rich-image-alt'), 'At night');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() =>
      expect(JSON.stringify(onChange.mock.calls.at(-1)![0])).toContain(`"src":"/content-assets/${HASH}-1280.jpg","alt":"At night"`),
    );
  });

  it('keeps the address empty when the upload is refused (the error is shown by the upload client)', async () => {
    upload.uploadContentFile.mockRejectedValue(new Error('refused'));
    renderPage(<RichTextEditor value={start} label="Content" />);
    const box = await screen.findByRole('textbox', { name: 'Content' });
    const user = userEvent.setup({ delay: null });
    await user.click(box);
    await user.click(screen.getByTestId('rich-image'));
    await screen.findByRole('dialog', { name: 'Image' });
    const input = document.querySelector<HTMLInputElement>('.ant-modal input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array([1])], 'x.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('rich-image-upload')).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByTestId('rich-image-src')).toHaveValue('');
    expect(screen.queryByTestId('rich-image-preview')).toBeNull();
  });

  it('labels the toolbar in zh-CN', async () => {
    await act(() => setLocale('zh-CN'));
    renderPage(<RichTextEditor value={start} label="正文" />);
    expect(await screen.findByRole('toolbar', { name: '格式' })).toBeInTheDocument();
    expect(screen.getByTestId('rich-bold')).toHaveAttribute('aria-label', '加粗');
    expect(screen.getByTestId('rich-image')).toHaveAttribute('aria-label', '图片');
  });
});

describe('cleanPastedHtml', () => {
  it('removes scripts, styles, frames, SVG, event attributes, javascript:/data: links and outside images', () => {
    const out = cleanPastedHtml(
      [
        '<p onclick="alert(1)" style="color:red">Hello <b>world</b></p>',
        '<script>alert(1)</script><style>p{}</style><iframe src="https://evil.test"></iframe>',
        '<svg onload="alert(1)"><circle/></svg>',
        '<a href="javascript:alert(1)">js</a><a href="data:text/html,x">data</a><a href="https://ok.test/">ok</a>',
        '<img src="x" onerror="alert(1)"><img src="https://evil.test/a.png" alt="a">',
        `<img src="/content-assets/${HASH}-640.jpg" alt="ours">`,
      ].join(''),
    );
    expect(out).toContain('<p>Hello <b>world</b></p>');
    expect(out).not.toMatch(/script|style|iframe|svg|onclick|onerror|onload|javascript:|data:|evil/i);
    expect(out).toContain('<a href="https://ok.test/">ok</a>');
    expect(out).toContain('<a>js</a>');
    expect(out).toContain(`<img src="/content-assets/${HASH}-640.jpg" alt="ours">`);
  });
});
