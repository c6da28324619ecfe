import { VALIDATION_MESSAGES, type FirmwarePackage } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { readBlob } from '../../../lib/read-blob';
import { PackageUploadModal } from './PackageUploadModal';

const STORAGE = 'http://portal.test/v1.0/storage';
const HELLO_MD5 = '5d41402abc4b2a76b9719d911017c592';

const pkg = (over: Record<string, unknown> = {}) => ({
  pkgId: 41,
  companyId: 10,
  companyName: 'Acme Security',
  versionName: 'V5.2.1',
  productType: 'IPC',
  models: ['IPC-100'],
  compatibleVersions: ['V5.1.0'],
  validityDays: 180,
  validUntil: null,
  isTest: false,
  descriptions: { 'en-US': 'Fixes' },
  signSheetFileId: null,
  signSheetUrl: null,
  fileName: 'fw.bin',
  size: 5,
  md5: HELLO_MD5,
  sha256: null,
  uploadedBytes: 0,
  status: 'upload_incomplete',
  statusReason: null,
  sync: [],
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2025-03-01T08:00:00.000Z',
  ...over,
});

beforeEach(async () => {
  await setLocale('en-US');
  signIn(partnerOwner());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The API plus a fake package store (status and chunk PUTs). */
/** `getAnswers`: what package/get answers in turn ('fail': a network error), then synced. */
function mockUpgradeApi({ getAnswers = ['syncing'] as Array<FirmwarePackage['status'] | 'fail'> } = {}) {
  const chunks = new Map<number, Uint8Array>();
  let getCount = 0;
  const api = mockApi((path) => {
    if (path === 'upgrade/app-config/get')
      return {
        data: {
          chunkBytes: 2,
          maxPackageBytes: 1024,
          validityMinDays: 7,
          canary: {},
          defaultGates: { successThreshold: 90, errorThreshold: 20, minDevices: 10, reportTimeoutMinutes: 120 },
        },
      };
    if (path === 'upgrade/main-version/list') return { data: [{ model: 'IPC-100', productType: 'IPC', version: 'V5.1.0', devices: 12 }] };
    if (path === 'upgrade/compatible-version/get') return { data: [{ version: 'V5.1.0', devices: 12 }] };
    if (path === 'upgrade/package/create') return { data: pkg() };
    if (path === 'upgrade/storage-info/get')
      return {
        data: {
          storageInfo: {
            storageUrl: STORAGE,
            accessKeyId: 'a',
            accessKeySecret: 's',
            bucketName: 'b',
            securityToken: 'sec-1',
            protocol: 'http',
            objectName: 'packages/41',
          },
          storageType: 'portal',
          tokenTimeout: Date.now() + 30 * 60_000,
        },
      };
    if (path === 'upgrade/package/complete') return { data: pkg({ status: 'verifying', uploadedBytes: 5 }) };
    if (path === 'upgrade/package/get') {
      const answer = getAnswers[getCount++] ?? 'synced';
      if (answer === 'fail') return Promise.reject(new TypeError('Failed to fetch'));
      return { data: pkg({ status: answer, uploadedBytes: 5 }) };
    }
    return undefined;
  });
  const storageCalls: { method: string; url: string; token: string | undefined }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.startsWith(STORAGE)) return api.fetchMock(input, init);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    storageCalls.push({ method: init?.method ?? 'GET', url, token: headers['X-Security-Token'] });
    if (url.endsWith('/status')) return Response.json({ size: 5, chunkBytes: 2, received: [...chunks.keys()], uploadedBytes: 0 });
    const index = Number(url.split('/').pop());
    chunks.set(index, new Uint8Array(await readBlob(init!.body as Blob)));
    return Response.json({});
  });
  return { ...api, chunks, storageCalls };
}

function firmwareInput(): HTMLInputElement {
  const inputs = [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')];
  return inputs.find((i) => !(i.getAttribute('accept') ?? '').includes('png'))!;
}

async function openModal() {
  renderPage(<PackageUploadModal open onClose={() => undefined} />);
  return screen.findByTestId('upload-form');
}

describe('PackageUploadModal', () => {
  it('requires every field of the contract and the file before creating anything', async () => {
    const { calls } = mockUpgradeApi();
    const user = userEvent.setup({ delay: null });
    await openModal();
    await user.click(screen.getByTestId('upload-submit'));
    expect(await screen.findByText(VALIDATION_MESSAGES.versionNameRequired.en)).toBeVisible();
    expect(await screen.findByText(VALIDATION_MESSAGES.modelRequired.en)).toBeVisible();
    expect(await screen.findByText(VALIDATION_MESSAGES.compatibleVersionRequired.en)).toBeVisible();
    expect(await screen.findByText(VALIDATION_MESSAGES.descriptionRequired.en)).toBeVisible();
    expect(await screen.findByText(VALIDATION_MESSAGES.md5Required.en)).toBeVisible();
    expect(screen.getByText('Please choose the firmware file.')).toBeVisible();
    expect(calls.some((c) => c.path === 'upgrade/package/create')).toBe(false);
  });

  it('checks the version name and MD5 formats', async () => {
    mockUpgradeApi();
    const user = userEvent.setup({ delay: null });
    await openModal();
    await user.type(screen.getByLabelText('Version'), 'v1/2');
    await user.type(screen.getByLabelText('MD5'), 'not-a-hash');
    await user.click(screen.getByTestId('upload-submit'));
    expect(await screen.findByText(VALIDATION_MESSAGES.versionNameInvalid.en)).toBeVisible();
    expect(await screen.findByText(VALIDATION_MESSAGES.md5Invalid.en)).toBeVisible();
  });

  it('computes the MD5 of the chosen file in the browser and flags a different typed one', async () => {
    mockUpgradeApi();
    const user = userEvent.setup({ delay: null });
    await openModal();
    await user.type(screen.getByLabelText('MD5'), '0123456789abcdef0123456789abcdef');
    await act(async () => {
      fireEvent.change(firmwareInput(), { target: { files: [new File(['hello'], 'fw.bin')] } });
    });
    expect(await screen.findByText('fw.bin')).toBeVisible();
    await user.click(screen.getByTestId('compute-md5'));
    expect(await screen.findByText(`The MD5 entered differs from the file's: ${HELLO_MD5}.`)).toBeVisible();
    await user.click(screen.getByRole('button', { name: "Use the file's MD5" }));
    expect(screen.getByLabelText('MD5')).toHaveValue(HELLO_MD5);
    expect(await screen.findByTestId('md5-ok')).toHaveTextContent(HELLO_MD5);
  });

  it('creates the package, uploads every chunk with the security token, completes it and follows it to synced', async () => {
    const { calls, chunks, storageCalls } = mockUpgradeApi();
    const user = userEvent.setup({ delay: null });
    await openModal();
    await user.type(screen.getByLabelText('Version'), 'V5.2.1');
    await user.type(screen.getByLabelText('Models'), 'IPC-100{Enter}');
    await user.type(screen.getByLabelText('Compatible versions'), 'V5.1.0{Enter}');
    await user.type(screen.getByLabelText('Version notes (en-US)'), 'Fixes');
    await act(async () => {
      fireEvent.change(firmwareInput(), { target: { files: [new File(['hello'], 'fw.bin')] } });
    });
    await user.type(screen.getByLabelText('MD5'), HELLO_MD5.toUpperCase());
    await user.click(screen.getByTestId('upload-submit'));

    const progress = await screen.findByTestId('upload-progress');
    await waitFor(() => expect(calls.some((c) => c.path === 'upgrade/package/complete')).toBe(true));
    const created = calls.find((c) => c.path === 'upgrade/package/create')!.body.data;
    expect(created).toEqual({
      versionName: 'V5.2.1',
      productType: 'IPC',
      models: ['IPC-100'],
      compatibleVersions: ['V5.1.0'],
      validityDays: 180,
      isTest: false,
      descriptions: { 'en-US': 'Fixes' },
      signSheetFileId: null,
      fileName: 'fw.bin',
      size: 5,
      md5: HELLO_MD5,
    });
    expect(calls.find((c) => c.path === 'upgrade/storage-info/get')!.body.data).toEqual({ action: 'upload', pkgId: 41 });
    expect(
      storageCalls
        .filter((c) => c.method === 'PUT')
        .map((c) => c.url)
        .sort(),
    ).toEqual([0, 1, 2].map((i) => `${STORAGE}/packages/41/chunks/${i}`));
    expect(storageCalls.every((c) => c.token === 'sec-1')).toBe(true);
    expect(new TextDecoder().decode(Uint8Array.from([0, 1, 2].flatMap((i) => [...chunks.get(i)!])))).toBe('hello');
    expect(await within(progress).findByTestId('upload-ready', {}, { timeout: 8000 })).toHaveTextContent('V5.2.1 is verified and synced');
  });

  it('keeps following the package when an answer is lost or comes before the complete call has committed', async () => {
    // The panel's first read fails (a timeout, a renewal racing the complete call), the next one
    // still reads upload_incomplete: the panel asks again until the package settles.
    const { calls } = mockUpgradeApi({ getAnswers: ['fail', 'upload_incomplete'] });
    const user = userEvent.setup({ delay: null });
    await openModal();
    await user.type(screen.getByLabelText('Version'), 'V5.2.2');
    await user.type(screen.getByLabelText('Models'), 'IPC-100{Enter}');
    await user.type(screen.getByLabelText('Compatible versions'), 'V5.1.0{Enter}');
    await user.type(screen.getByLabelText('Version notes (en-US)'), 'Fixes');
    await act(async () => {
      fireEvent.change(firmwareInput(), { target: { files: [new File(['hello'], 'fw.bin')] } });
    });
    await user.type(screen.getByLabelText('MD5'), HELLO_MD5);
    await user.click(screen.getByTestId('upload-submit'));
    const progress = await screen.findByTestId('upload-progress');
    expect(await within(progress).findByTestId('upload-ready', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'upgrade/package/get').length).toBeGreaterThanOrEqual(3);
  }, 25_000);
});
