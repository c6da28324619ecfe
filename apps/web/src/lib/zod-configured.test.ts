import { feedbackCalls } from '@portal/contract';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';

describe("the web app's zod", () => {
  it('parses without its JIT (no eval under the CSP) from the first schema on, with no loader to go through first', () => {
    // The contract's schemas are built when its modules load: zod was configured before.
    expect(feedbackCalls).toBeDefined();
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
