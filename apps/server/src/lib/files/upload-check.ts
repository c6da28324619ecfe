/**
 * Upload checks by content (SPEC §8 "file type mismatch with extension"): the extension must be
 * allowed, and the bytes must be what the extension says, detected by file-type.
 */
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../app-error';
import { canonicalExt, extensionOf, formatBytes, mimeForExt, OCTET_STREAM } from './mime';

export interface UploadCheckOptions {
  fileName: string;
  /** Allowed extensions, e.g. ['png', 'jpg', 'gif']; 'jpeg' and 'jpg' are the same. */
  allowed: readonly string[];
  maxBytes?: number;
  /**
   * Accept allowed extensions that have no signature to sniff (firmware '.bin', '.img', '.pkg')
   * as opaque binary, as long as the bytes are not a known image or document.
   */
  binary?: boolean;
}

export interface CheckedUpload {
  /** canonical extension, lower case ('jpg' for .JPEG) */
  ext: string;
  mime: string;
  size: number;
  /** What file-type recognised, if anything. */
  detected?: { ext: string; mime: string };
}

/** Containers that are zip archives underneath: a file named .zip may be any of them. */
const ZIP_FAMILY = new Set([
  'zip',
  'xlsx',
  'xlsm',
  'xltx',
  'xltm',
  'docx',
  'docm',
  'dotx',
  'dotm',
  'pptx',
  'pptm',
  'potx',
  'potm',
  'ppsx',
  'ppsm',
  'vsdx',
  'odt',
  'ods',
  'odp',
  'odg',
  'ott',
  'ots',
  'otp',
  'otg',
  'epub',
  'jar',
  'apk',
  'xpi',
  '3mf',
]);

/** Which detections satisfy a claimed extension, for extensions that have a signature. */
const SNIFFED: Record<string, readonly string[]> = {
  png: ['png', 'apng'],
  jpg: ['jpg'],
  gif: ['gif'],
  webp: ['webp'],
  bmp: ['bmp'],
  ico: ['ico', 'cur'],
  tiff: ['tif'],
  pdf: ['pdf'],
  zip: [...ZIP_FAMILY],
  xlsx: ['xlsx'],
  docx: ['docx'],
  pptx: ['pptx'],
  // legacy Office files are Compound File Binary containers
  xls: ['cfb'],
  doc: ['cfb'],
  ppt: ['cfb'],
  gz: ['gz', 'tar.gz'],
  tar: ['tar'],
  '7z': ['7z'],
  rar: ['rar'],
  mp4: ['mp4', 'm4v'],
  mov: ['mov'],
  avi: ['avi'],
  mp3: ['mp3'],
};

/** Text formats have no signature: accepted when nothing binary is detected and there is no NUL byte. */
const TEXT: Record<string, readonly string[]> = {
  txt: [],
  csv: [],
  json: [],
  md: [],
  log: [],
  pem: [],
  xml: ['xml'],
};

/** Never accepted under a signature-less binary name: images and documents renamed to '.bin'. */
const DOCUMENT_EXTS = new Set([
  'pdf',
  'cfb',
  'rtf',
  'ps',
  'eps',
  'xml',
  ...[...ZIP_FAMILY].filter((e) => !['zip', 'jar', 'apk', 'xpi', '3mf'].includes(e)),
]);
/** Archives (zip, gz, tar) stay acceptable: firmware packages often are one. */
const isImageOrDocument = (d: { ext: string; mime: string }) => d.mime.startsWith('image/') || DOCUMENT_EXTS.has(d.ext);

export async function checkUpload(buffer: Buffer, opts: UploadCheckOptions): Promise<CheckedUpload> {
  if (opts.maxBytes !== undefined && buffer.length > opts.maxBytes) {
    throw new AppError(1010, { max: formatBytes(opts.maxBytes) }, `${buffer.length} bytes > ${opts.maxBytes}`);
  }
  const ext = extensionOf(opts.fileName);
  const allowed = new Set(opts.allowed.map(canonicalExt));
  if (!ext || !allowed.has(ext)) {
    throw new AppError(1011, undefined, `extension '${ext}' not in ${[...allowed].join(',')}`);
  }
  const found = await fileTypeFromBuffer(buffer);
  const detected = found ? { ext: found.ext as string, mime: found.mime as string } : undefined;
  const mismatch = (why: string) => new AppError(1009, undefined, `${opts.fileName}: ${why}`);
  const result = (mime: string): CheckedUpload => ({ ext, mime, size: buffer.length, detected });

  const sniffed = SNIFFED[ext];
  if (sniffed) {
    if (!detected) throw mismatch(`no ${ext} signature`);
    if (!sniffed.includes(detected.ext)) throw mismatch(`content is ${detected.ext}`);
    return result(mimeForExt(ext) !== OCTET_STREAM ? mimeForExt(ext) : detected.mime);
  }
  const text = TEXT[ext];
  if (text) {
    if (detected && !text.includes(detected.ext)) throw mismatch(`content is ${detected.ext}`);
    if (buffer.subarray(0, 8192).includes(0)) throw mismatch('binary content in a text file');
    return result(ext === 'xml' ? 'application/xml' : mimeForExt(ext));
  }
  if (opts.binary) {
    if (detected && isImageOrDocument(detected)) throw mismatch(`content is ${detected.ext}`);
    return result(OCTET_STREAM);
  }
  // An allowed extension this check cannot verify: refuse rather than trust the name.
  throw new AppError(1011, undefined, `cannot verify content of .${ext}; pass binary: true for opaque files`);
}
