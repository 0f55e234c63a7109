import { useT } from '../i18n/translator';
import { Island } from '../components/Island';
import { PageHeader } from '../components/PageHeader';
import { Paragraphs } from './page-parts';
import type { PageComponent } from './machinery/types';

/** /components/UploadImage (noindex): the upload component working against POST /api/upload. */
export const UploadImageDemoPage: PageComponent = () => {
  const t = useT();
  return (
    <div className="container page" data-page="demo-upload-image">
      <PageHeader id="demo-upload-image" />
      <section className="prose internal-purpose">
        <h2>{t('common.internal.heading')}</h2>
        <Paragraphs path="pages.demo-upload-image.purpose" />
        <p className="form-note">{t('common.internal.noindex')}</p>
      </section>
      <section className="form-card" aria-labelledby="upload-demo-heading">
        <h2 id="upload-demo-heading">{t('feedback.upload.demo.heading')}</h2>
        <Island of="UploadImageDemo" props={{}} />
      </section>
    </div>
  );
};
