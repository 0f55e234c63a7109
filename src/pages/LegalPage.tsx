import { useT } from '../i18n/translator';
import { PageHeader } from '../components/PageHeader';
import { siteLinks, type SiteLinks } from './machinery/links';
import type { PageComponent } from './machinery/types';
import { Paragraphs, formatDate, messageKeys, useMessageList } from './page-parts';

export interface LegalConfig {
  id: 'agreement' | 'privacy';
  /** ISO date of the current version, shown as "Last updated". */
  updated: string;
  /** Sections that end with a link: section key → where it points (label: `….sections.<key>.link`). */
  sectionLinks: Record<string, (links: SiteLinks) => string>;
}

function StorageTable({ path }: { path: string }) {
  const t = useT();
  const rows = messageKeys(path);
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption>{t('legal.common.storage.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('legal.common.storage.name')}</th>
            <th scope="col">{t('legal.common.storage.type')}</th>
            <th scope="col">{t('legal.common.storage.purpose')}</th>
            <th scope="col">{t('legal.common.storage.duration')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((name) => (
            <tr key={name}>
              <th scope="row">
                <code>{name}</code>
              </th>
              <td>{t(`${path}.${name}.type`)}</td>
              <td>{t(`${path}.${name}.purpose`)}</td>
              <td>{t(`${path}.${name}.duration`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LegalSection({ base, sectionKey, number, href }: { base: string; sectionKey: string; number: number; href?: string }) {
  const t = useT();
  const path = `${base}.${sectionKey}`;
  const items = useMessageList(`${path}.items`);
  const hasTable = messageKeys(`${path}.table`).length > 0;
  return (
    <section id={sectionKey} className="legal-section" aria-labelledby={`${sectionKey}-heading`}>
      <h2 id={`${sectionKey}-heading`}>
        <span className="legal-number">{number}.</span> {t(`${path}.heading`)}
      </h2>
      <Paragraphs path={`${path}.paragraphs`} />
      {items.length > 0 ? (
        <ul>
          {items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      ) : null}
      {hasTable ? <StorageTable path={`${path}.table`} /> : null}
      <Paragraphs path={`${path}.after`} />
      {href ? (
        <p>
          <a href={href}>{t(`${path}.link`)}</a>
        </p>
      ) : null}
      <p className="back-to-top">
        <a href="#legal-contents">{t('legal.common.backToContents')}</a>
      </p>
    </section>
  );
}

/**
 * The user agreement and the privacy policy: numbered sections from `legal.<id>.sections`, with a
 * table of contents of hash links. The locale comes from `?lang=` (the route's localeFromQuery).
 */
export function legalPage({ id, updated, sectionLinks }: LegalConfig): PageComponent {
  const Page: PageComponent = ({ locale }) => {
    const t = useT();
    const links = siteLinks(locale);
    const base = `legal.${id}.sections`;
    const sections = messageKeys(base);
    return (
      <div className="container page" data-page={id}>
        <PageHeader id={id}>
          <p className="legal-updated">
            {t('legal.common.updated', { date: formatDate(updated, locale) })}
          </p>
        </PageHeader>
        <div className="legal-layout">
          <nav className="toc" aria-labelledby="legal-contents">
            <h2 id="legal-contents" className="toc-heading">
              {t('legal.common.contents')}
            </h2>
            <ol>
              {sections.map((key) => (
                <li key={key}>
                  <a href={`#${key}`}>{t(`${base}.${key}.heading`)}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="prose legal-body">
            {sections.map((key, i) => (
              <LegalSection key={key} base={base} sectionKey={key} number={i + 1} href={sectionLinks[key]?.(links)} />
            ))}
          </div>
        </div>
      </div>
    );
  };
  return Page;
}
