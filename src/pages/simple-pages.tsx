import { PageHeader } from '../components/PageHeader';
import type { PageComponent } from './types';

/** A page whose body a later piece of work fills in: its real heading and introduction already show. */
export function introPage(id: string): PageComponent {
  const Page: PageComponent = () => (
    <div className="container page" data-page={id}>
      <PageHeader id={id} />
    </div>
  );
  return Page;
}
