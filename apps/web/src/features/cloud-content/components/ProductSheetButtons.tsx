import { PRODUCT_IMPORT_MAX_ROWS, type ProductImportError, type ProductImportResult } from '@portal/contract';
import { Alert, Button, Col, Flex, Modal, Row, Statistic, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined, UploadOutlined } from '../../../components/icons';
import { XlsxFilePicker } from '../../../components/XlsxFilePicker';
import { uploadFile } from '../../../lib/api/upload';
import { useContentAbilities, useProductExport, useProductImport } from '../api/content-api';

/** Export (everyone who reads) and Import (managers) of the products workbook, on the product list. */
export function ProductSheetButtons({ categoryId }: { categoryId?: number }) {
  const { t } = useTranslation();
  const canImport = useContentAbilities().can('createItem');
  const exporter = useProductExport();
  const [importing, setImporting] = useState(false);
  const download = async () => {
    try {
      const { url } = await exporter.mutateAsync(categoryId);
      window.open(url, '_blank', 'noopener');
    } catch {
      /* shown by the API client */
    }
  };
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => void download()} loading={exporter.isPending} data-testid="products-export">
        {t('content.sheet.export')}
      </Button>
      {canImport && (
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="products-import">
          {t('content.sheet.import')}
        </Button>
      )}
      {importing && <ProductImportDialog onClose={() => setImporting(false)} />}
    </>
  );
}

/** The import dialog: pick an xlsx, upload it (purpose import), import it; the counts, or the bad rows (nothing written). */
export function ProductImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const importer = useProductImport();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ProductImportResult | null>(null);

  const run = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const stored = await uploadFile('import', file);
      setResult(await importer.mutateAsync(stored.fileId));
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };

  const again = () => {
    setResult(null);
    setFile(null);
  };

  return (
    <Modal
      open
      title={t('content.sheet.importTitle')}
      onCancel={onClose}
      width={result && !result.applied ? 760 : 600}
      destroyOnHidden
      footer={
        result ? (
          <Flex justify="end" gap={8}>
            {!result.applied && (
              <Button onClick={again} data-testid="import-again">
                {t('content.sheet.again')}
              </Button>
            )}
            <Button type="primary" onClick={onClose}>
              {t('content.sheet.close')}
            </Button>
          </Flex>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>{t('content.cancel')}</Button>
            <Button type="primary" onClick={() => void run()} loading={busy} disabled={!file} data-testid="import-submit">
              {t('content.sheet.submit')}
            </Button>
          </Flex>
        )
      }
    >
      {result ? (
        result.applied ? (
          <Flex vertical gap={16} data-testid="import-result">
            <Alert type="success" showIcon title={t('content.sheet.applied', { count: result.total })} />
            <Row gutter={16}>
              <Col span={8}>
                <Statistic title={t('content.sheet.created')} value={result.created} />
              </Col>
              <Col span={8}>
                <Statistic title={t('content.sheet.updated')} value={result.updated} />
              </Col>
              <Col span={8}>
                <Statistic title={t('content.sheet.unchanged')} value={result.unchanged} />
              </Col>
            </Row>
          </Flex>
        ) : (
          <Flex vertical gap={12} data-testid="import-errors">
            <Alert
              type="error"
              showIcon
              title={t('content.sheet.rejected', { count: new Set(result.errors.map((e) => e.row)).size })}
              description={t('content.sheet.rejectedHint')}
            />
            <Table<ProductImportError>
              size="small"
              rowKey={(e) => `${e.row}-${e.column}-${e.reason}`}
              dataSource={result.errors}
              pagination={result.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              columns={[
                { key: 'row', title: t('content.sheet.row'), dataIndex: 'row', width: 80 },
                { key: 'column', title: t('content.sheet.column'), dataIndex: 'column', width: 180 },
                { key: 'reason', title: t('content.sheet.reason'), dataIndex: 'reason' },
              ]}
            />
          </Flex>
        )
      ) : (
        <XlsxFilePicker
          file={file}
          problem={problem}
          prompt={t('content.sheet.drop')}
          limits={t('content.sheet.limits', { rows: PRODUCT_IMPORT_MAX_ROWS.toLocaleString() })}
          note={t('content.sheet.layout')}
          onPick={(f, why) => {
            setFile(f);
            setProblem(why);
            setResult(null);
          }}
        />
      )}
    </Modal>
  );
}
