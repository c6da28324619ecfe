/** Extensions the portal knows, their canonical spelling and their content type. */
const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  mp4: 'video/mp4',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  bin: 'application/octet-stream',
};

const ALIASES: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', tgz: 'gz', htm: 'html', tif: 'tiff' };

export const OCTET_STREAM = 'application/octet-stream';

/** Lower-case extension of a file name without the dot, aliases folded ('JPEG' -> 'jpg'); '' when none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return '';
  return canonicalExt(base.slice(dot + 1));
}

export function canonicalExt(ext: string): string {
  const e = ext.toLowerCase().replace(/^\./, '');
  return ALIASES[e] ?? e;
}

export function mimeForExt(ext: string): string {
  return MIME_BY_EXT[canonicalExt(ext)] ?? OCTET_STREAM;
}

/** Human size for messages: 2097152 -> '2 MB', 512000 -> '500 KB'. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MB`;
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}
