import { useT } from '../../src/i18n/translator';
import { UploadImage, useUploads } from '../components/UploadImage';

/** /components/UploadImage: the feedback form's screenshot picker on its own, against the real upload route. */
export default function UploadImageDemo() {
  const t = useT();
  const uploads = useUploads();
  return (
    <div className="upload-demo">
      <UploadImage id="demo-upload" uploads={uploads} />
      <h3>{t('feedback.upload.demo.keys')}</h3>
      {uploads.keys.length > 0 ? (
        <ul className="upload-keys" data-upload-keys="">
          {uploads.keys.map((key) => (
            <li key={key}>{key}</li>
          ))}
        </ul>
      ) : (
        <p className="form-note">{t('feedback.upload.demo.none')}</p>
      )}
    </div>
  );
}
