import { PageHeader } from '../components/PageHeader';
import type { PageComponent } from './machinery/types';
import { InternalPurpose } from './InternalSections';

/**
 * The test and component demo pages that other issues fill in (noindex): their heading and
 * introduction, and what the page is for (`pages.<id>.purpose`).
 */
export function internalPage(id: string): PageComponent {
  const Page: PageComponent = () => (
    <div className="container page" data-page={id}>
      <PageHeader id={id} />
      <InternalPurpose id={id} />
    </div>
  );
  return Page;
}
