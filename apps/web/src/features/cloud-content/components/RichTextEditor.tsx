/**
 * The rich-text body editor (issue 14 §4): Tiptap with StarterKit configured to the server's
 * allowlist (headings 2-4, no code blocks, links http(s)/mailto), images of the site's uploaded
 * content files with alt text, and tables. Its value is the Tiptap JSON document the contract
 * carries. Loaded lazily by the item editor only (its own chunk).
 *
 * Pasted HTML: sanitize-html is a server package (it needs postcss and Node modules), so a paste
 * is cleaned here by `cleanPastedHtml` (scripts, styles, frames, SVG, event attributes and
 * javascript:/data: addresses removed, images kept only at a content-file address) and then parsed
 * by the editor's schema, which keeps only the allowlisted nodes and marks; the server checks the
 * saved document again.
 */
import { RICH_TEXT_ALT_MAX_LENGTH, RICH_TEXT_IMAGE_SRC, richTextLinkAllowed, type ContentType, type RichTextDoc } from '@portal/contract';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Form, Input, Modal, Space, Tooltip, Upload } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadOutlined } from '../../../components/icons';
import { uploadContentFile } from '../../../lib/api/upload';

export const EDITOR_EXTENSIONS = [
  StarterKit.configure({
    codeBlock: false,
    heading: { levels: [2, 3, 4] },
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ['mailto'],
      defaultProtocol: 'https',
      isAllowedUri: (url) => richTextLinkAllowed(url),
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null, class: null },
    },
  }),
  Image.configure({ inline: false, allowBase64: false }),
  TableKit.configure({ table: { resizable: false } }),
];

const DROP_TAGS =
  'script,style,iframe,frame,frameset,object,embed,svg,math,link,meta,base,form,input,button,textarea,select,template,noscript';

/** A pasted HTML fragment without active content (run before the schema's own parsing). */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll(DROP_TAGS).forEach((el) => el.remove());
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const a of [...el.attributes]) {
      const name = a.name.toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcset' || name === 'class' || name === 'id') el.removeAttribute(a.name);
    }
    if (el.tagName === 'A' && !richTextLinkAllowed(el.getAttribute('href'))) el.removeAttribute('href');
    if (el.tagName === 'IMG' && !RICH_TEXT_IMAGE_SRC.test(el.getAttribute('src') ?? '')) el.remove();
  });
  return doc.body.innerHTML;
}

const EMPTY: RichTextDoc = { type: 'doc', content: [] };

export interface RichTextEditorProps {
  value?: RichTextDoc;
  onChange?: (doc: RichTextDoc) => void;
  id?: string;
  /** The field's accessible name (the form label's text). */
  label: string;
  invalid?: boolean;
  /** The item the body belongs to (or the id content/item/id-get reserved for a new one): images uploaded here are attached to it. */
  itemType?: ContentType;
  itemId?: number;
}

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
  testId,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'default'}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
        data-testid={testId}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

function Toolbar({ editor, onLink, onImage }: { editor: Editor; onLink: () => void; onImage: () => void }) {
  const { t } = useTranslation();
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      link: e.isActive('link'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const c = () => editor.chain().focus();
  const b = (key: string, label: ReactNode, active: boolean | undefined, run: () => void, disabled?: boolean) => (
    <ToolButton key={key} label={t(`content.rich.${key}`)} active={active} disabled={disabled} onClick={run} testId={`rich-${key}`}>
      {label}
    </ToolButton>
  );
  return (
    <div role="toolbar" aria-label={t('content.rich.toolbar')} className="rich-text-toolbar">
      <Space wrap size={4}>
        {b('bold', <b>B</b>, s.bold, () => c().toggleBold().run())}
        {b('italic', <i>I</i>, s.italic, () => c().toggleItalic().run())}
        {b('underline', <u>U</u>, s.underline, () => c().toggleUnderline().run())}
        {b('strike', <s>S</s>, s.strike, () => c().toggleStrike().run())}
        {b('code', <code>{'</>'}</code>, s.code, () => c().toggleCode().run())}
        {b('link', t('content.rich.linkShort'), s.link, onLink)}
        {b('h2', 'H2', s.h2, () => c().toggleHeading({ level: 2 }).run())}
        {b('h3', 'H3', s.h3, () => c().toggleHeading({ level: 3 }).run())}
        {b('h4', 'H4', s.h4, () => c().toggleHeading({ level: 4 }).run())}
        {b('bulletList', '•', s.bullet, () => c().toggleBulletList().run())}
        {b('orderedList', '1.', s.ordered, () => c().toggleOrderedList().run())}
        {b('blockquote', '“”', s.quote, () => c().toggleBlockquote().run())}
        {b('table', t('content.rich.tableShort'), undefined, () => c().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run())}
        {b('image', t('content.rich.imageShort'), undefined, onImage)}
        {b('undo', '↶', undefined, () => c().undo().run(), !s.canUndo)}
        {b('redo', '↷', undefined, () => c().redo().run(), !s.canRedo)}
      </Space>
    </div>
  );
}

export default function RichTextEditor({ value, onChange, id, label, invalid, itemType, itemId }: RichTextEditorProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const [linkForm] = Form.useForm<{ href: string }>();
  const [imageForm] = Form.useForm<{ src: string; alt: string }>();
  const [uploading, setUploading] = useState(false);
  const imageSrc = Form.useWatch('src', imageForm);
  const editor = useEditor({
    extensions: EDITOR_EXTENSIONS,
    content: value ?? EMPTY,
    editorProps: {
      transformPastedHTML: cleanPastedHtml,
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'rich-text-content',
        'data-testid': 'rich-text-content',
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.getJSON() as RichTextDoc),
  });

  // A new value from outside (another locale, a reload): shown without echoing a change.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const next = value ?? EMPTY;
    if (JSON.stringify(next) !== JSON.stringify(editor.getJSON())) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;

  const openLink = () => {
    linkForm.setFieldsValue({ href: (editor.getAttributes('link').href as string | undefined) ?? '' });
    setDialog('link');
  };
  const applyLink = async () => {
    const v = await linkForm.validateFields().catch(() => null);
    if (!v) return;
    const { href } = v;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href.trim()) chain.setLink({ href: href.trim() }).run();
    else chain.unsetLink().run();
    setDialog(null);
  };
  const applyImage = async () => {
    const v = await imageForm.validateFields().catch(() => null);
    if (!v) return;
    const { src, alt } = v;
    editor.chain().focus().setImage({ src: src.trim(), alt: alt.trim() }).run();
    imageForm.resetFields();
    setDialog(null);
  };

  return (
    <div className={`rich-text-editor${invalid ? ' rich-text-editor-invalid' : ''}`}>
      <style>{EDITOR_CSS}</style>
      <Toolbar editor={editor} onLink={openLink} onImage={() => setDialog('image')} />
      <EditorContent editor={editor} />
      <Modal
        open={dialog === 'link'}
        title={t('content.rich.link')}
        okText={t('content.rich.apply')}
        cancelText={t('content.cancel')}
        onOk={() => void applyLink()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Form form={linkForm} layout="vertical" onFinish={() => void applyLink()}>
          <Form.Item
            name="href"
            label={t('content.rich.linkUrl')}
            extra={t('content.rich.linkHint')}
            rules={[
              {
                validator: (_, v: string) =>
                  !v?.trim() || richTextLinkAllowed(v.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('content.rich.linkInvalid'))),
              },
            ]}
          >
            <Input autoFocus placeholder="https://" data-testid="rich-link-url" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={dialog === 'image'}
        title={t('content.rich.image')}
        okText={t('content.rich.insert')}
        cancelText={t('content.cancel')}
        onOk={() => void applyImage()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Form form={imageForm} layout="vertical" onFinish={() => void applyImage()}>
          <Form.Item
            name="src"
            label={t('content.rich.imageSrc')}
            extra={t('content.rich.imageSrcHint')}
            rules={[
              { required: true, message: t('content.required') },
              { pattern: RICH_TEXT_IMAGE_SRC, message: t('content.rich.imageSrcInvalid') },
            ]}
          >
            <Input autoFocus placeholder="/content-assets/…" data-testid="rich-image-src" />
          </Form.Item>
          <Space align="start" style={{ marginBottom: 16 }}>
            {/* An image from the computer: uploaded as a rich-text image (checked, stripped and
                made into public widths by the server), its address then fills the field above. */}
            <Upload
              accept="image/png,image/jpeg,image/gif"
              showUploadList={false}
              customRequest={async ({ file, onSuccess, onError }) => {
                setUploading(true);
                try {
                  const asset = await uploadContentFile('richImage', file as File, { itemType, itemId });
                  imageForm.setFieldValue('src', asset.url);
                  await imageForm.validateFields(['src']).catch(() => undefined);
                  onSuccess?.(asset);
                } catch (e) {
                  onError?.(e as Error);
                } finally {
                  setUploading(false);
                }
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading} data-testid="rich-image-upload">
                {t('content.rich.imageUpload')}
              </Button>
            </Upload>
            {typeof imageSrc === 'string' && RICH_TEXT_IMAGE_SRC.test(imageSrc.trim()) && (
              <img
                src={imageSrc.trim()}
                alt={t('content.rich.imagePreview')}
                data-testid="rich-image-preview"
                style={{
                  width: 120,
                  height: 80,
                  objectFit: 'contain',
                  border: '1px solid #d9d9d9',
                  borderRadius: 4,
                  background: '#fafafa',
                }}
              />
            )}
          </Space>
          <Form.Item
            name="alt"
            label={t('content.rich.imageAlt')}
            rules={[{ required: true, whitespace: true, message: t('content.rich.imageAltRequired') }]}
          >
            <Input maxLength={RICH_TEXT_ALT_MAX_LENGTH} data-testid="rich-image-alt" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

const EDITOR_CSS = `
.rich-text-editor{border:1px solid #d9d9d9;border-radius:6px;background:#fff}
.rich-text-editor-invalid{border-color:#ff4d4f}
.rich-text-toolbar{padding:6px;border-bottom:1px solid #f0f0f0}
.rich-text-toolbar button:focus-visible{outline:2px solid #1677ff;outline-offset:1px}
.rich-text-content{min-height:180px;max-height:480px;overflow:auto;padding:8px 12px;outline:none}
.rich-text-content:focus-visible{box-shadow:inset 0 0 0 2px #1677ff}
.rich-text-content table{border-collapse:collapse;width:100%}
.rich-text-content th,.rich-text-content td{border:1px solid #d9d9d9;padding:4px 8px;vertical-align:top}
.rich-text-content img{max-width:100%;height:auto}
.rich-text-content blockquote{border-left:3px solid #d9d9d9;margin:0;padding-left:12px;color:#555}
`;
