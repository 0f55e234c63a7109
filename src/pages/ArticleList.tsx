import { useT } from '../i18n/translator';
import { ARTICLE_LIST_IDS, isArticleListId, type ArticleListId } from '../domain/articles';
import { siteLinks } from './machinery/links';
import type { PageComponent } from './machinery/types';
import { Paragraphs, formatDate } from './page-parts';

interface ArticleMeta {
  /** Names the article's messages (`articles.items.<slug>`) and its anchor on the list page. */
  slug: string;
  /** Publication date, ISO (shown in the page's language). */
  date: string;
  readingMinutes: number;
}

/** The articles of each list, newest first. Their text lives in the locale files. */
export const ARTICLES: Record<ArticleListId, readonly ArticleMeta[]> = {
  '2': [
    { slug: 'recover-emptied-recycle-bin', date: '2026-10-28', readingMinutes: 5 },
    { slug: 'recover-formatted-sd-card', date: '2026-10-14', readingMinutes: 6 },
    { slug: 'raw-drive', date: '2026-09-30', readingMinutes: 6 },
    { slug: 'quick-or-deep-scan', date: '2026-09-12', readingMinutes: 4 },
    { slug: 'unsaved-office-files', date: '2026-08-27', readingMinutes: 5 },
  ],
  '3': [
    { slug: 'backup-3-2-1', date: '2026-11-04', readingMinutes: 5 },
    { slug: 'first-minutes', date: '2026-10-21', readingMinutes: 4 },
    { slug: 'memory-card-care', date: '2026-10-02', readingMinutes: 5 },
    { slug: 'ssd-trim', date: '2026-09-16', readingMinutes: 4 },
    { slug: 'ransomware', date: '2026-08-19', readingMinutes: 6 },
  ],
  '6': [
    { slug: 'local-currency-prices', date: '2026-11-10', readingMinutes: 3 },
    { slug: 'licence-code-self-service', date: '2026-10-20', readingMinutes: 3 },
    { slug: 'free-tools-included', date: '2026-09-24', readingMinutes: 3 },
    { slug: 'four-languages', date: '2026-08-31', readingMinutes: 2 },
    { slug: 'privacy-controls', date: '2026-07-29', readingMinutes: 3 },
  ],
};

/** /article-list/:id (ids 2, 3, 6): every article of the list in full, with a contents list on top. */
export const ArticleListPage: PageComponent = ({ locale, params }) => {
  const t = useT();
  const links = siteLinks(locale);
  const id: ArticleListId = isArticleListId(params.id) ? params.id : ARTICLE_LIST_IDS[0];
  const articles = ARTICLES[id];
  const others = ARTICLE_LIST_IDS.filter((other) => other !== id);

  return (
    <div className="container page" data-page="article-list" data-list={id}>
      <header className="page-header">
        <p className="eyebrow">{t('pages.article-list.heading')}</p>
        <h1>{t(`articles.lists.${id}.title`)}</h1>
        <p className="lead">{t(`articles.lists.${id}.intro`)}</p>
      </header>

      <div className="article-layout">
        <nav className="toc" aria-labelledby="article-toc">
          <h2 id="article-toc" className="toc-heading">
            {t('articles.common.contents')}
          </h2>
          <ol>
            {articles.map((article) => (
              <li key={article.slug}>
                <a href={`#${article.slug}`}>{t(`articles.items.${article.slug}.title`)}</a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="article-entries">
          {articles.map((article) => {
            const key = `articles.items.${article.slug}`;
            return (
              <article key={article.slug} id={article.slug} className="article-entry" aria-labelledby={`${article.slug}-title`}>
                <header>
                  <h2 id={`${article.slug}-title`}>{t(`${key}.title`)}</h2>
                  <p className="article-meta">
                    <time dateTime={article.date}>{formatDate(article.date, locale)}</time>
                    <span aria-hidden="true"> · </span>
                    <span>{t('articles.common.readingTime', { minutes: article.readingMinutes })}</span>
                  </p>
                </header>
                <p className="article-summary">{t(`${key}.summary`)}</p>
                <Paragraphs path={`${key}.body`} />
                <p className="back-to-top">
                  <a href="#article-toc">{t('articles.common.backToContents')}</a>
                </p>
              </article>
            );
          })}
        </div>
      </div>

      <nav className="page-section more-lists" aria-labelledby="more-lists">
        <h2 id="more-lists">{t('articles.common.more')}</h2>
        <ul className="card-grid card-grid-2">
          {others.map((other) => (
            <li key={other} className="card">
              <h3>
                <a href={links.articleList(other)}>{t(`articles.lists.${other}.title`)}</a>
              </h3>
              <p>{t(`articles.lists.${other}.intro`)}</p>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
};
