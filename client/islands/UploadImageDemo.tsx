import { useState } from 'react';
import { useT } from '../../src/i18n/translator';
import { UploadImage, useUploads } from '../components/UploadImage';

/**
 * /components/UploadImage: the feedback form's screenshot picker on its own, against the real
 * upload route; it can leave every check to the server, to show the server's own refusals.
 */
export default function UploadImageDemo() {
  const t = useT();
  const [serverChecks, setServerChecks] = useState(false);
  const uploads = useUploads({ browserChecks: !serverChecks });
  return (
    <div className="upload-demo">
      <label className="upload-demo-mode">
        <input type="checkbox" checked={serverChecks} onChange={(event) => setServerChecks(event.currentTarget.checked)} />
        <span>{t('feedback.upload.demo.serverChecks')}</span>
      </label>
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
