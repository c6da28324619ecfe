/**
 * The file step of an xlsx import dialog (devices, products): a drop zone for one .xlsx, checked
 * with the contract's import-file rule before anything is uploaded, the problem if any, and a note
 * on the sheet's layout. The dialog keeps the file and the problem (it may set one itself).
 */
import { importFileError } from '@portal/contract';
import { Alert, Flex, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { translateValidation } from '../lib/i18n/validation';
import { FileExcelOutlined, InboxOutlined } from './icons';

export interface XlsxFilePickerProps {
  file: File | null;
  problem: string | null;
  /** Shown until a file is chosen. */
  prompt: string;
  /** The limits (rows, size), under the prompt. */
  limits: string;
  /** The layout the sheet must have. */
  note: ReactNode;
  /** A file was chosen: the file when it passes the rule, else null and the reason. */
  onPick: (file: File | null, problem: string | null) => void;
}

export function XlsxFilePicker({ file, problem, prompt, limits, note, onPick }: XlsxFilePickerProps) {
  const pick = (f: File) => {
    const bad = importFileError('device', { name: f.name, size: f.size, type: f.type });
    onPick(bad ? null : f, bad ? translateValidation(bad) : null);
    return false;
  };
  return (
    <Flex vertical gap={12}>
      <Upload.Dragger accept=".xlsx" multiple={false} showUploadList={false} beforeUpload={pick} data-testid="import-file">
        <Flex vertical align="center" gap={2}>
          {file ? (
            <FileExcelOutlined style={{ fontSize: 28, color: '#389e0d' }} />
          ) : (
            <InboxOutlined style={{ fontSize: 28, color: '#1668dc' }} />
          )}
          <Typography.Text>{file ? file.name : prompt}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {limits}
          </Typography.Text>
        </Flex>
      </Upload.Dragger>
      {problem && <Alert type="error" showIcon title={problem} />}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0 }}>
        {note}
      </Typography.Paragraph>
    </Flex>
  );
}
