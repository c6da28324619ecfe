import { Alert, Card, Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCorpInfo } from '../api/partner-api';
import { CorpInfoForm } from '../components/CorpInfoForm';
import { LogoUpload } from '../components/LogoUpload';
import { RemoteAccessSwitch } from '../components/RemoteAccessSwitch';

/** Corporate information: the own company's details, its logo and the allow-superior-access switch. */
export default function CorpInfoPage() {
  const { t } = useTranslation();
  const { data } = useCorpInfo();
  if (!data)
    return (
      <Card variant="borderless" className="portal-card">
        <Skeleton active />
      </Card>
    );
  // What may be changed is what the server answered (its corporate-information policy).
  const editable = data.actions.includes('edit');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card variant="borderless" className="portal-card" title={t('partner.corp.info')} style={{ height: '100%' }}>
          {!editable && <Alert type="info" showIcon title={t('partner.corp.readOnly')} style={{ marginBottom: 16 }} />}
          <CorpInfoForm info={data} editable={editable} />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <Card variant="borderless" className="portal-card" title={t('partner.corp.logo')}>
              <LogoUpload logoFileId={data.logoFileId} editable={data.actions.includes('setLogo')} />
            </Card>
          </Col>
          <Col span={24}>
            <Card variant="borderless" className="portal-card" title={t('partner.corp.remoteTitle')}>
              <RemoteAccessSwitch info={data} />
            </Card>
          </Col>
        </Row>
      </Col>
    </Row>
  );
}
