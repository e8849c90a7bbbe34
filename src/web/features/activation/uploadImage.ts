import i18next from 'i18next';
import { knownCode, ApiError, acceptLanguage } from '../../lib/api';
import type { DocumentInfo } from '../../../shared/schemas/activation';
import type { DocumentKind } from '../../../shared/activation/id-types';
import { UPLOAD_MAX_MEGABYTES } from '../../../shared/activation/limits';

/** What the file input offers; the server reads the bytes, whatever the name or declared type. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp';
/** The server's limit (10 MB): a larger file is refused here without sending it. */
export const MAX_IMAGE_BYTES = UPLOAD_MAX_MEGABYTES * 1024 * 1024;

const DECLARABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

export interface UploadHandle {
  readonly done: Promise<DocumentInfo>;
  readonly abort: () => void;
}

/**
 * PUT /api/activation/documents/:kind with the file's bytes as the body, through XMLHttpRequest so
 * the upload's progress can be shown (fetch has no upload progress). Resolves with the server's
 * record of the stored image; rejects with an ApiError carrying the server's message.
 */
export function uploadImage(kind: DocumentKind, file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<DocumentInfo>((resolve, reject) => {
    xhr.open('PUT', `/api/activation/documents/${kind}`);
    xhr.setRequestHeader('content-type', DECLARABLE.has(file.type) ? file.type : 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', acceptLanguage());
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status === 201 && data) {
        onProgress(1);
        resolve(data as DocumentInfo);
        return;
      }
      const err = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null)?.error;
      reject(new ApiError(xhr.status, knownCode(err?.code), err?.message ?? i18next.t('errors.NO_SERVER_RESPONSE'), err?.fields ?? {}));
    };
    xhr.onerror = () => reject(new ApiError(0, 'FETCH_ERROR', i18next.t('errors.NO_SERVER_RESPONSE')));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', 'aborted'));
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
