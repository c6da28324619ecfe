import { CSAT_COMMENT_MAX } from '@portal/contract';
import { Button, Input, Rate, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRate } from '../api/feedback-api';

/** CSAT after a conversation was resolved: 1-5 and a comment, once. */
export function RateForm({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation();
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const rate = useRate();
  return (
    <div style={{ background: '#f6ffed', border: '1px solid #b7eb8f', borderRadius: 8, padding: 12 }} data-testid="rate-form">
      <Typography.Text strong>{t('feedbackChat.rate.title')}</Typography.Text>
      <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
        <Rate value={score} onChange={setScore} aria-label={t('feedbackChat.rate.score')} data-testid="rate-score" />
        <Input.TextArea
          aria-label={t('feedbackChat.rate.comment')}
          placeholder={t('feedbackChat.rate.comment')}
          value={comment}
          maxLength={CSAT_COMMENT_MAX}
          onChange={(e) => setComment(e.target.value)}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
        <Button
          type="primary"
          disabled={score < 1}
          loading={rate.isPending}
          onClick={() => rate.mutate({ conversationId, score, comment })}
          data-testid="rate-submit"
        >
          {t('feedbackChat.rate.submit')}
        </Button>
      </Space>
    </div>
  );
}
