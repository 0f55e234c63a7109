// The screenshot picker of the feedback form (and the /components/UploadImage demo): previews,
// progress, remove, and per image exactly 'Image upload success' or 'Image upload failed' with
// the reason. The limits are hinted before anything is chosen. State lives in useUploads so the
// form decides when to keep the images (a failed submit) and when to clear them (a ticket).
import '../styles/feedback.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../src/i18n/translator';
import { deleteUpload, precheckImage, uploadImage, type UploadReason } from '../lib/upload';
import { MAX_UPLOAD_BYTES, MAX_UPLOADS_PER_DRAFT, randomHex32 } from '../../src/domain/uploads';

export interface UploadItem {
  id: number;
  name: string;
  /** blob: URL of a file that looks like an image (a refused file gets no preview). */
  preview: string | null;
  status: 'queued' | 'uploading' | 'done' | 'failed';
  progress: number;
  key?: string;
  reason?: UploadReason;
}

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
const MB = MAX_UPLOAD_BYTES / (1024 * 1024);

export interface UploadOptions {
  /**
   * false: send every file and let the server decide (size, type, count), as the upload demo can
   * to show the server's own answers. The form always checks in the browser first.
   */
  browserChecks?: boolean;
}

/** The images of one form (one draft on the server); files upload one after another. */
export function useUploads({ browserChecks = true }: UploadOptions = {}) {
  const [draft, setDraft] = useState(() => randomHex32());
  const checkInBrowser = useRef(browserChecks);
  checkInBrowser.current = browserChecks;
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextId = useRef(1);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const patch = useCallback((id: number, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      // Images that count towards the limit: the ones kept or on their way.
      let counted = itemsRef.current.filter((item) => item.status !== 'failed').length;
      for (const file of files) {
        const id = nextId.current++;
        const index = counted;
        const item: UploadItem = { id, name: file.name || 'image', preview: null, status: 'queued', progress: 0 };
        setItems((current) => [...current, item]);
        const work = async () => {
          const refused = checkInBrowser.current ? await precheckImage(file, index) : null;
          if (refused) {
            patch(id, { status: 'failed', reason: refused });
            return;
          }
          patch(id, { status: 'uploading', preview: URL.createObjectURL(file) });
          const result = await uploadImage(file, draft, (progress) => patch(id, { progress }));
          patch(id, result.ok ? { status: 'done', key: result.key, progress: 1 } : { status: 'failed', reason: result.reason });
        };
        counted += 1;
        queue.current = queue.current.then(work, work);
      }
    },
    [draft, patch],
  );

  const remove = useCallback((id: number) => {
    const item = itemsRef.current.find((i) => i.id === id);
    if (!item) return;
    if (item.key) deleteUpload(item.key);
    if (item.preview) URL.revokeObjectURL(item.preview);
    setItems((current) => current.filter((i) => i.id !== id));
  }, []);

  /** After a ticket: the images now belong to it, so the next ticket starts a new draft. */
  const reset = useCallback(() => {
    for (const item of itemsRef.current) if (item.preview) URL.revokeObjectURL(item.preview);
    setItems([]);
    setDraft(randomHex32());
  }, []);

  const keys = items.flatMap((item) => (item.status === 'done' && item.key ? [item.key] : []));
  const busy = items.some((item) => item.status === 'queued' || item.status === 'uploading');
  return { items, keys, busy, add, remove, reset };
}

export type Uploads = ReturnType<typeof useUploads>;

/** The picker and the list; `id` names its input, `error` is the form's message for attachments. */
export function UploadImage({ id, uploads, error }: { id: string; uploads: Uploads; error?: string }) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const kept = uploads.items.filter((item) => item.status !== 'failed').length;
  const full = kept >= MAX_UPLOADS_PER_DRAFT;

  // Announce each finished upload once (the list itself is not a live region: progress would chatter).
  const announced = useRef(new Set<number>());
  useEffect(() => {
    for (const item of uploads.items) {
      if ((item.status === 'done' || item.status === 'failed') && !announced.current.has(item.id)) {
        announced.current.add(item.id);
        setAnnouncement(`${item.name}: ${t(item.status === 'done' ? 'feedback.upload.success' : 'feedback.upload.failed')}`);
      }
    }
  }, [uploads.items, t]);

  return (
    <div className={error ? 'field upload field-invalid' : 'field upload'}>
      <span className="field-label" id={`${id}-label`}>
        {t('feedback.upload.label')} <span className="field-optional">({t('feedback.form.optional')})</span>
      </span>
      <p className="field-hint" id={hintId}>
        {t('feedback.upload.hint', { count: MAX_UPLOADS_PER_DRAFT, size: MB })}
      </p>
      <div className="upload-picker">
        <label className={full ? 'button button-ghost upload-add upload-add-disabled' : 'button button-ghost upload-add'} htmlFor={id}>
          {t('feedback.upload.add')}
        </label>
        <input
          ref={inputRef}
          className="visually-hidden"
          id={id}
          name="attachments"
          type="file"
          accept={ACCEPT}
          multiple
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            // Cleared so choosing the same file again (after removing it) fires change again.
            event.currentTarget.value = '';
            if (files.length > 0) uploads.add(files);
          }}
        />
        <span className="upload-count">{t('feedback.upload.count', { count: kept, max: MAX_UPLOADS_PER_DRAFT })}</span>
      </div>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      {uploads.items.length > 0 ? (
        <ul className="upload-list" aria-label={t('feedback.upload.list')}>
          {uploads.items.map((item) => (
            <li key={item.id} className="upload-item" data-status={item.status}>
              {item.preview ? <img className="upload-preview" src={item.preview} alt="" width={64} height={64} /> : <span className="upload-preview upload-preview-none" aria-hidden="true" />}
              <div className="upload-body">
                <span className="upload-name" dir="auto">
                  {item.name}
                </span>
                {item.status === 'queued' || item.status === 'uploading' ? (
                  <>
                    <progress className="upload-progress" max={100} value={Math.round(item.progress * 100)} aria-label={t('feedback.upload.progress', { name: item.name })} />
                    <span className="upload-state">{t('feedback.upload.uploading')}</span>
                  </>
                ) : item.status === 'done' ? (
                  <span className="upload-state upload-ok" data-upload-result="success">
                    {t('feedback.upload.success')}
                  </span>
                ) : (
                  <span className="upload-state upload-failed" data-upload-result="failed">
                    {t('feedback.upload.failed')}
                    {item.reason ? <span className="upload-reason">{t(`feedback.upload.reasons.${item.reason}`, { count: MAX_UPLOADS_PER_DRAFT, size: MB })}</span> : null}
                  </span>
                )}
              </div>
              <button
                type="button"
                className="button button-ghost upload-remove"
                onClick={() => {
                  uploads.remove(item.id);
                  setAnnouncement(t('feedback.upload.removed', { name: item.name }));
                  inputRef.current?.focus();
                }}
              >
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{t('feedback.upload.remove', { name: item.name })}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
