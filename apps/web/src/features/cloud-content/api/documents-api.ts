/**
 * The file manual's calls (contract contentFileCalls): folders, documents, versions, auto files;
 * one query-key factory; mutations invalidate the manual.
 */
import { contentFileCalls, systemCalls, type CallData } from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

export type DocumentListQuery = CallData<typeof contentFileCalls.documentList>;

export const documentKeys = {
  all: ['contentDocuments'] as const,
  folders: () => [...documentKeys.all, 'folders'] as const,
  list: (q: DocumentListQuery) => [...documentKeys.all, 'list', q] as const,
  versions: (documentId: number) => [...documentKeys.all, 'versions', documentId] as const,
};

export function useFolders() {
  return useQuery({ queryKey: documentKeys.folders(), queryFn: () => call(contentFileCalls.folderList, {}) });
}

export function useDocuments(q: DocumentListQuery) {
  return useQuery({
    queryKey: documentKeys.list(q),
    queryFn: () => call(contentFileCalls.documentList, q),
    placeholderData: keepPreviousData,
  });
}

export function useVersions(documentId: number | null) {
  return useQuery({
    queryKey: documentKeys.versions(documentId ?? 0),
    queryFn: () => call(contentFileCalls.versionList, { documentId: documentId! }),
    enabled: documentId !== null,
  });
}

function useManualMutation<D, R>(fn: (d: D) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.all }) });
}

export const useSaveFolder = () =>
  useManualMutation((d: CallData<typeof contentFileCalls.folderSave>) => call(contentFileCalls.folderSave, d));
export const useDeleteFolder = () => useManualMutation((id: number) => call(contentFileCalls.folderDelete, { id }));
export const useSaveDocument = () =>
  useManualMutation((d: CallData<typeof contentFileCalls.documentSave>) => call(contentFileCalls.documentSave, d));
export const useDeleteDocument = () => useManualMutation((id: number) => call(contentFileCalls.documentDelete, { id }));
export const useAddVersion = () =>
  useManualMutation((d: CallData<typeof contentFileCalls.versionAdd>) => call(contentFileCalls.versionAdd, d));
export const useAutoFiles = () => useManualMutation(() => call(contentFileCalls.autoFiles, {}));

/** A short-lived download link of a stored version (file/link, 300 s). */
export async function versionDownloadUrl(fileId: number): Promise<string> {
  return (await call(systemCalls.fileLink, { fileId, isDownload: true })).url;
}
