import { describe, expect, it } from 'vitest';
import { charCount } from '../../../src/shared/validators';
import * as v from '../../../src/modules/feedback-chat';
import { CHAT_FILES_MAX, CHAT_TEXT_MAX } from '../../../src/modules/feedback-chat';
import { issues, key } from '../../support/issues';

describe('chat', () => {
  it('text is non-blank and at most 1000 characters', () => {
    expect(v.chatTextError('hello')).toBeNull();
    expect(v.chatTextError('x'.repeat(CHAT_TEXT_MAX))).toBeNull();
    expect(v.chatTextError('😀'.repeat(CHAT_TEXT_MAX))).toBeNull(); // code points, not UTF-16 units
    expect(v.chatTextError('x'.repeat(CHAT_TEXT_MAX + 1))).toBe('validation.chatMessageTooLong');
    expect(v.chatTextError('  \n ')).toBe('validation.chatMessageRequired');
    expect(v.chatTextError('')).toBe('validation.chatMessageRequired');
    expect(key(v.chatTextSchema, ' ')).toBe('validation.chatMessageRequired');
    expect(v.chatTextSchema.parse('  keep spacing ')).toBe('  keep spacing ');
    expect(charCount('a😀b')).toBe(3);
  });

  it('a send carries up to 3 files and may be text-less only with files', () => {
    expect(issues(v.chatMessageSchema, { text: 'see screenshot', files: [1, 2, 3] })).toEqual([]);
    expect(issues(v.chatMessageSchema, { text: '', files: [1] })).toEqual([]);
    expect(issues(v.chatMessageSchema, { files: [1, 2, 3, 4], text: 'x' })).toEqual(['files:validation.chatTooManyFiles']);
    expect(issues(v.chatMessageSchema, { files: [1, 1], text: 'x' })).toEqual(['files:validation.chatTooManyFiles']);
    expect(issues(v.chatMessageSchema, { text: '  ' })).toEqual(['text:validation.chatMessageRequired']);
    expect(issues(v.chatMessageSchema, {})).toEqual(['text:validation.chatMessageRequired']);
    expect(issues(v.chatMessageSchema, { text: 'x'.repeat(CHAT_TEXT_MAX + 1), files: [1] })).toEqual([
      'text:validation.chatMessageTooLong',
    ]);
    expect(CHAT_FILES_MAX).toBe(3);
  });
});

describe('topics, client ids, ratings, canned replies', () => {
  it('checks each in its own words', () => {
    expect(key(v.chatTopicSchema, '  ')).toBe('validation.chatTopicRequired');
    expect(key(v.chatTopicSchema, 'x'.repeat(v.CHAT_TOPIC_MAX + 1))).toBe('validation.chatTopicTooLong');
    expect(v.chatTopicSchema.parse(' Camera offline ')).toBe('Camera offline');
    expect(key(v.chatClientIdSchema, 'has space')).toBe('validation.chatClientIdInvalid');
    expect(key(v.chatClientIdSchema, 'x'.repeat(v.CHAT_CLIENT_ID_MAX + 1))).toBe('validation.chatClientIdInvalid');
    expect(v.chatClientIdSchema.parse('tab-1_a')).toBe('tab-1_a');
    expect(key(v.csatScoreSchema, 0)).toBe('validation.csatScoreInvalid');
    expect(key(v.csatScoreSchema, 6)).toBe('validation.csatScoreInvalid');
    expect(key(v.csatScoreSchema, 2.5)).toBe('validation.csatScoreInvalid');
    expect(key(v.csatCommentSchema, 'x'.repeat(v.CSAT_COMMENT_MAX + 1))).toBe('validation.csatCommentTooLong');
    expect(key(v.cannedTitleSchema, '')).toBe('validation.cannedTitleRequired');
  });
});
