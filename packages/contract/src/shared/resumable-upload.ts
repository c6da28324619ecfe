/**
 * The resumable upload shared by every large upload (firmware packages, content manuals and
 * videos): a file is sent in chunks of a fixed size (the last one shorter), the receiver says what
 * it has (uploadStatusSchema) so that a broken upload resumes where it stopped, and a complete call
 * checks the whole (size and digest) before the file is used.
 */
import { z } from 'zod';

/** What the receiver has of an upload: the chunk indexes stored and their bytes. */
export const uploadStatusSchema = z.object({
  size: z.number().int(),
  chunkBytes: z.number().int(),
  received: z.array(z.number().int()),
  uploadedBytes: z.number().int(),
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

/** The chunks of a file of `size` bytes: how many, and the length chunk `index` must have. */
export function chunkPlan(size: number, chunkBytes: number) {
  const total = Math.max(1, Math.ceil(size / chunkBytes));
  return { total, bytesOf: (index: number) => Math.max(0, Math.min(chunkBytes, size - index * chunkBytes)) };
}
