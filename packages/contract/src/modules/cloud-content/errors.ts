import type { ErrorEntry, ErrorRange } from '../../shared/errors';

/** The numbers of the cloud-content module's codes (shared/errors.ts). */
export const CLOUD_CONTENT_ERROR_RANGES: readonly ErrorRange[] = [[28000, 28999]];

/** The content site's codes: items, translations, revisions, schedules, parameters, the site. */
export const CLOUD_CONTENT_ERRORS = {
  28001: {
    key: 'contentSlugTaken',
    endsSession: false,
    en: 'The address "{slug}" is already used by another item of this site.',
    zh: '地址“{slug}”已被本站其他内容使用。',
  },
  28002: {
    key: 'contentReleaseMissing',
    endsSession: false,
    en: 'Cannot release: fill in {fields} first.',
    zh: '无法发布：请先填写{fields}。',
  },
  28003: {
    key: 'contentSchedulePast',
    endsSession: false,
    en: 'The scheduled time has passed. Choose a time in the future.',
    zh: '计划时间已过，请选择将来的时间。',
  },
  28004: {
    key: 'contentParamValueInvalid',
    endsSession: false,
    en: 'The value of parameter "{param}" is not valid for its type ({type}).',
    zh: '参数“{param}”的值不符合其类型（{type}）。',
  },
  28005: {
    key: 'contentAlreadyDone',
    endsSession: false,
    en: 'Already done: this revision is already released.',
    zh: '已完成：该版本已经发布。',
  },
  28006: {
    key: 'contentModelTaken',
    endsSession: false,
    en: 'The model "{model}" already exists on this site.',
    zh: '型号“{model}”在本站已存在。',
  },
  28007: {
    key: 'contentStaleSave',
    endsSession: false,
    en: '{name} changed this item meanwhile. Reload it and apply your changes again.',
    zh: '{name}已修改了此内容，请重新加载后再修改。',
  },
  28008: {
    key: 'contentInUse',
    endsSession: false,
    en: 'It is used by {count} other item(s). Remove those uses first.',
    zh: '它正被{count}项内容使用，请先解除引用。',
  },
  28009: {
    key: 'contentSiteMissing',
    endsSession: false,
    en: 'The company has no content site yet. Save the site settings first.',
    zh: '该公司尚未建立内容网站，请先保存网站设置。',
  },
  28010: {
    key: 'contentSupplierTookOff',
    endsSession: false,
    en: 'The supplier took this item off the shelf ({reason}). Only the supplier can restore it.',
    zh: '供应商已将此内容下架（{reason}），只有供应商可以恢复。',
  },
  28011: {
    key: 'contentFaqTypeLimit',
    endsSession: false,
    en: 'A site has at most {max} FAQ types.',
    zh: '每个网站最多{max}个常见问题类型。',
  },
  28012: {
    key: 'contentParamKeyTaken',
    endsSession: false,
    en: 'A parameter with the key "{key}" already exists.',
    zh: '参数标识“{key}”已存在。',
  },
  28013: {
    key: 'contentFieldNotForType',
    endsSession: false,
    en: 'The field "{field}" does not belong to this kind of item.',
    zh: '字段“{field}”不属于此类内容。',
  },
  28014: {
    key: 'contentReferenceInvalid',
    endsSession: false,
    en: 'The referenced {field} does not exist on this site.',
    zh: '引用的{field}在本站不存在。',
  },
  28015: {
    key: 'contentSiteSlugTaken',
    endsSession: false,
    en: 'The site address "{slug}" is already taken.',
    zh: '网站地址“{slug}”已被占用。',
  },
  28016: {
    key: 'contentDomainTaken',
    endsSession: false,
    en: 'The domain {domain} belongs to another brand.',
    zh: '域名{domain}属于其他品牌。',
  },
  28017: {
    key: 'contentScheduleEnded',
    endsSession: false,
    en: 'This schedule has already run or was cancelled.',
    zh: '该计划已执行或已取消。',
  },
  28018: {
    key: 'contentRedirectLoop',
    endsSession: false,
    en: 'The address "{slug}" is an old address of another item and redirects to it; using it here would make a redirect loop. Choose another address.',
    zh: '地址“{slug}”是其他内容的旧地址，已重定向到该内容；在此使用会形成重定向循环，请选择其他地址。',
  },
  28019: {
    key: 'contentReservedIdInvalid',
    endsSession: false,
    en: 'The reserved item id {id} is not valid for this kind of item or has expired. Open the editor again.',
    zh: '预留的内容编号{id}不适用于此类内容或已过期，请重新打开编辑器。',
  },
  28020: {
    key: 'contentReorderInvalid',
    endsSession: false,
    en: 'The new order must name items of one kind of this site, each once.',
    zh: '新的排序只能包含本站同一类内容，且每项只能出现一次。',
  },
  // 28060-28099: files and the file manual (issue 14 §5-§6).
  28060: {
    key: 'contentImageType',
    endsSession: false,
    en: 'This image must be {types} (checked by its content).',
    zh: '图片必须是{types}格式（按文件内容检查）。',
  },
  28061: {
    key: 'contentFileTooLarge',
    endsSession: false,
    en: 'The file is larger than {max}.',
    zh: '文件超过{max}。',
  },
  28062: {
    key: 'contentImageWidth',
    endsSession: false,
    en: 'The image is {width} px wide; it must be {min}-{max} px wide.',
    zh: '图片宽度为{width}像素，须为{min}-{max}像素。',
  },
  28063: {
    key: 'contentImageExactSize',
    endsSession: false,
    en: 'The image is {width}×{height} px; it must be exactly {expected} px.',
    zh: '图片尺寸为{width}×{height}像素，须正好为{expected}像素。',
  },
  28064: {
    key: 'contentGifNotAllowed',
    endsSession: false,
    en: 'GIF is allowed only for news, solution and video covers and rich-text images.',
    zh: '仅新闻、解决方案和视频的封面以及富文本图片可以使用GIF。',
  },
  28065: {
    key: 'contentFileType',
    endsSession: false,
    en: 'This file must be {types} (checked by its content).',
    zh: '文件必须是{types}格式（按文件内容检查）。',
  },
  28066: {
    key: 'contentImageUnreadable',
    endsSession: false,
    en: 'The image cannot be read. Save it again as PNG or JPG and upload it.',
    zh: '无法读取该图片，请另存为PNG或JPG后重新上传。',
  },
  28067: {
    key: 'contentFolderNameTaken',
    endsSession: false,
    en: 'A folder named "{name}" already exists here.',
    zh: '此处已有名为“{name}”的文件夹。',
  },
  28068: {
    key: 'contentFolderInUse',
    endsSession: false,
    en: 'The folder holds {count} document(s) or folder(s). Move or delete them first.',
    zh: '该文件夹中有{count}个文件或文件夹，请先移走或删除。',
  },
  28069: {
    key: 'contentFolderAuto',
    endsSession: false,
    en: 'This folder is filed automatically from the products; it cannot be changed by hand.',
    zh: '该文件夹由产品自动归档，不能手动修改。',
  },
  28070: {
    key: 'contentUploadNotUsable',
    endsSession: false,
    en: 'The uploaded file cannot be used here: upload it again as a {use} file.',
    zh: '上传的文件不能用于此处，请按“{use}”用途重新上传。',
  },
  28071: {
    key: 'contentDocumentAuto',
    endsSession: false,
    en: 'This document is filed automatically from a product; change the product instead.',
    zh: '该文件由产品自动归档，请修改对应产品。',
  },
  28072: {
    key: 'contentUploadResumable',
    endsSession: false,
    en: 'Files over {max} are uploaded in parts (resumable upload).',
    zh: '超过{max}的文件需分片上传（可续传）。',
  },
  // ----- rich text (28100-28119) -----
  28100: {
    key: 'contentRichTextNode',
    endsSession: false,
    en: "Rich text: '{name}' is not allowed.",
    zh: '富文本：不允许使用“{name}”。',
  },
  28101: {
    key: 'contentRichTextAttribute',
    endsSession: false,
    en: "Rich text: the attribute '{attr}' of '{name}' is not allowed.",
    zh: '富文本：“{name}”不允许使用属性“{attr}”。',
  },
  28102: {
    key: 'contentRichTextLink',
    endsSession: false,
    en: "Rich text: the link (href) '{href}' is not allowed. A link starts with http://, https:// or mailto:.",
    zh: '富文本：不允许使用链接（href）“{href}”。链接须以 http://、https:// 或 mailto: 开头。',
  },
  28103: {
    key: 'contentRichTextImageSource',
    endsSession: false,
    en: "Rich text: the image (src) '{src}' is not one of this site's uploaded files.",
    zh: '富文本：图片（src）“{src}”不是本站上传的文件。',
  },
  28104: {
    key: 'contentRichTextImageAlt',
    endsSession: false,
    en: "Rich text: every 'image' needs alt text (at most {max} characters).",
    zh: '富文本：每张图片（image）都须填写替代文字（最多{max}个字符）。',
  },
  28105: {
    key: 'contentRichTextTooLarge',
    endsSession: false,
    en: 'Rich text: the content is too large or nested too deeply (at most {max} characters, {depth} levels).',
    zh: '富文本：内容过大或嵌套过深（最多{max}个字符、{depth}层）。',
  },
  // ----- resumable uploads (28106-28129) -----
  28106: {
    key: 'contentUploadOffset',
    endsSession: false,
    en: 'The part does not continue the upload: the server has {received} bytes, the part starts at {offset}. Resume from {received}.',
    zh: '该分片与已上传内容不衔接：服务器已收到{received}字节，分片从{offset}开始。请从{received}继续上传。',
  },
  28107: {
    key: 'contentUploadExpired',
    endsSession: false,
    en: 'The upload has expired. Start it again.',
    zh: '上传已过期，请重新开始上传。',
  },
  28108: {
    key: 'contentUploadChecksum',
    endsSession: false,
    en: 'The received file differs from the chosen one (SHA-256 or size). Start the upload again.',
    zh: '收到的文件与所选文件不一致（SHA-256或大小）。请重新上传。',
  },
  28109: {
    key: 'contentUploadDirect',
    endsSession: false,
    en: 'Files of {max} or less are uploaded in one request, not in parts.',
    zh: '不超过{max}的文件请直接上传，无需分片。',
  },
} as const satisfies Record<number, ErrorEntry>;
