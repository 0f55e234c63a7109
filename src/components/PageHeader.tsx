import type { ReactNode } from 'react';
import { useT } from '../i18n/translator';

/** The heading and introduction every page opens with, from `pages.<id>.heading` / `.intro`. */
export function PageHeader({ id, children }: { id: string; children?: ReactNode }) {
  const t = useT();
  return (
    <header className="page-header">
      <h1>{t(`pages.${id}.heading`)}</h1>
      <p className="lead">{t(`pages.${id}.intro`)}</p>
      {children}
    </header>
  );
}
