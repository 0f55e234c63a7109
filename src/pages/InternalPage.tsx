import { PageHeader } from '../components/PageHeader';
import type { PageComponent } from './machinery/types';
import { InternalPurpose } from './InternalSections';

/**
 * A placeholder for a test or component demo page that has no component of its own (noindex):
 * its heading and introduction, and what the page is for (`pages.<id>.purpose`). No route uses it
 * at present.
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
