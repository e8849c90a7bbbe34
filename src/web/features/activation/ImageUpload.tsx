import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import type { DocumentInfo } from '../../../shared/schemas/activation';
import type { DocumentKind } from '../../../shared/activation/id-types';
import { showMessage } from './serverErrors';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES, uploadImage, type UploadHandle } from './uploadImage';
import { useDomId } from '../../ui/dom-id';

type Upload =
  | { readonly status: 'empty' }
  | { readonly status: 'saved'; readonly info: DocumentInfo; readonly preview: string | null }
  | { readonly status: 'uploading'; readonly file: File; readonly preview: string | null; readonly progress: number }
  | { readonly status: 'failed'; readonly file: File; readonly preview: string | null; readonly message: string; readonly retry: boolean };

/**
 * Whether the file starts like a JPEG, PNG or WebP image, the formats a browser draws. Anything
 * else gets no preview (the server, which reads every byte, says what is wrong with it).
 */
async function drawable(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG') return true;
  return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
}

const coarseQuery = '(pointer: coarse)';
function subscribeCoarse(callback: () => void) {
  const list = window.matchMedia(coarseQuery);
  list.addEventListener('change', callback);
  return () => list.removeEventListener('change', callback);
}
/** A touch screen (a phone or tablet): offer the camera as well as a file. */
function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribeCoarse,
    () => window.matchMedia(coarseQuery).matches,
    () => false,
  );
}

export interface ImageUploadProps {
  readonly kind: DocumentKind;
  readonly label: string;
  readonly hint: string;
  /** The image already stored for this kind (resuming the wizard), or null. */
  readonly saved: DocumentInfo | null;
  /** Which camera a phone opens: the back one for the ID, the front one for the selfie. */
  readonly capture: 'environment' | 'user';
  readonly onUploaded: (info: DocumentInfo) => void;
  readonly onBusyChange: (kind: DocumentKind, busy: boolean) => void;
  /** A message key or text from the step's check ('Please upload ...'). */
  readonly error?: string | null;
}

/**
 * One image of the identity step (ID front, ID back or selfie): a file input (and on phones the
 * camera, through the input's capture attribute: the only device permission Tapat asks for,
 * DECISIONS.md invariant 9), a preview, the upload's progress, Replace, and Retry after a failure
 * with the server's message. The image counts only once the server has stored it.
 */
export function ImageUpload({ kind, label, hint, saved, capture, onUploaded, onBusyChange, error }: ImageUploadProps) {
  const { t } = useTranslation();
  const id = useDomId();
  const coarse = useCoarsePointer();
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const handle = useRef<UploadHandle | null>(null);
  const [upload, setUpload] = useState<Upload>(() => (saved ? { status: 'saved', info: saved, preview: null } : { status: 'empty' }));
  const preview = upload.status === 'empty' ? null : upload.status === 'saved' ? (upload.preview ?? upload.info.url) : upload.preview;
  const localPreview = upload.status === 'empty' ? null : upload.preview;
  // A file the browser cannot draw (not an image at all) shows no broken picture.
  const [unreadable, setUnreadable] = useState<string | null>(null);

  // Object URLs of local previews are released when replaced and when the component goes away.
  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  const busy = upload.status === 'uploading';
  useEffect(() => {
    onBusyChange(kind, busy);
  }, [busy, kind, onBusyChange]);

  const send = (file: File, previewUrl: string | null) => {
    if (file.size > MAX_IMAGE_BYTES || file.size === 0) {
      setUpload({
        status: 'failed',
        file,
        preview: previewUrl,
        message: file.size === 0 ? 'activation.documents.empty' : 'activation.documents.tooLarge',
        retry: false,
      });
      return;
    }
    setUpload({ status: 'uploading', file, preview: previewUrl, progress: 0 });
    const current = uploadImage(kind, file, (fraction) => {
      setUpload((u) => (u.status === 'uploading' && u.file === file ? { ...u, progress: fraction } : u));
    });
    handle.current = current;
    current.done.then(
      (info) => {
        if (handle.current !== current) return;
        handle.current = null;
        setUpload({ status: 'saved', info, preview: previewUrl });
        onUploaded(info);
      },
      (reason: unknown) => {
        if (handle.current !== current) return;
        handle.current = null;
        if (reason instanceof ApiError && reason.code === 'ABORTED') return;
        const message = reason instanceof Error ? reason.message : String(reason);
        // A refusal of the file itself (400, 413, 415) will not change on a second try; the
        // network, the rate limit or a server error might.
        const retry = !(reason instanceof ApiError) || ![400, 413, 415].includes(reason.status);
        setUpload({ status: 'failed', file, preview: previewUrl, message, retry });
      },
    );
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    handle.current?.abort();
    handle.current = null;
    const canDraw = await drawable(file).catch(() => false);
    send(file, canDraw ? URL.createObjectURL(file) : null);
  };

  const pick = () => fileInput.current?.click();
  const shoot = () => cameraInput.current?.click();
  const statusId = `${id}-status`;
  const hintId = `${id}-hint`;
  const hasImage = upload.status === 'saved';
  const shownError = upload.status === 'failed' ? upload.message : (error ?? null);

  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-300 p-3 sm:p-4" aria-describedby={`${hintId} ${statusId}`}>
      <legend className="px-1 text-sm font-semibold text-ink">{label}</legend>
      <p id={hintId} className="text-xs text-muted">
        {hint}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex h-36 w-full shrink-0 items-center justify-center overflow-hidden rounded-md border border-dashed border-slate-400 bg-slate-50 sm:w-48">
          {preview && unreadable !== preview ? (
            <img
              src={preview}
              alt={t('activation.identity.previewAlt', { label })}
              onError={() => setUnreadable(preview)}
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <span className="px-3 text-center text-xs text-muted">{t('activation.identity.noPhoto')}</span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div id={statusId} aria-live="polite" className="text-sm">
            {upload.status === 'uploading' && (
              <div className="flex flex-col gap-1">
                <span className="font-medium text-ink">{t('activation.identity.uploading', { percent: Math.round(upload.progress * 100) })}</span>
                <progress
                  max={100}
                  value={Math.round(upload.progress * 100)}
                  aria-label={t('activation.identity.progressLabel', { label })}
                  className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand"
                />
              </div>
            )}
            {hasImage && (
              <span className="inline-flex items-center gap-1 font-semibold text-success">
                <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
                  <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                </svg>
                {t('activation.identity.uploaded')}
              </span>
            )}
            {upload.status === 'empty' && !shownError && <span className="text-muted">{t('activation.identity.notUploaded')}</span>}
          </div>
          {shownError && (
            <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900" role="alert">
              {upload.status === 'failed' && <span className="font-semibold">{t('activation.identity.failed')} </span>}
              {showMessage(t, shownError)}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {upload.status === 'failed' && upload.retry && (
              <Button variant="primary" onClick={() => send(upload.file, upload.preview)}>
                {t('activation.identity.retry')}
              </Button>
            )}
            {coarse && (
              <Button variant={hasImage || upload.status === 'failed' ? 'outline' : 'primary'} onClick={shoot} disabled={busy}>
                {capture === 'user' ? t('activation.identity.takeSelfie') : t('activation.identity.takePhoto')}
              </Button>
            )}
            <Button variant={hasImage || upload.status === 'failed' || coarse ? 'outline' : 'primary'} onClick={pick} disabled={busy}>
              {upload.status === 'empty' ? t('activation.identity.choose') : t('activation.identity.replace')}
            </Button>
          </div>
        </div>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so choosing the same file again is a change too.
          event.target.value = '';
          void onFile(file);
        }}
      />
      {coarse && (
        <input
          ref={cameraInput}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          capture={capture}
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void onFile(file);
          }}
        />
      )}
    </fieldset>
  );
}
