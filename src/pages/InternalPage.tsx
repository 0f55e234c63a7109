import { useT } from '../../client/lib/i18n';
import { PageHeader } from '../components/PageHeader';
import type { PageComponent } from './types';
import { Icon, Paragraphs } from './page-parts';

/**
 * The test and component demo pages (noindex): their heading and introduction, and what the page
 * is for (`pages.<id>.purpose`). The interactive parts are added by the pages' own issues.
 */
export function internalPage(id: string): PageComponent {
  const Page: PageComponent = () => {
    const t = useT();
    return (
      <div className="container page" data-page={id}>
        <PageHeader id={id} />
        <section className="prose internal-purpose">
          <h2>{t('common.internal.heading')}</h2>
          <Paragraphs path={`pages.${id}.purpose`} />
          <p className="notice notice-inline">
            <Icon name="info" className="notice-icon" />
            <span>{t('common.internal.noindex')}</span>
          </p>
        </section>
      </div>
    );
  };
  return Page;
}
