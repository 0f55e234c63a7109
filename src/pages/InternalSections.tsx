import { useT } from '../i18n/translator';
import { Icon, Paragraphs, useMessageList } from './page-parts';

/** "What to check" on a demo page: its numbered states (`pages.<id>.examples.states`). */
export function DemoChecks({ id }: { id: string }) {
  const t = useT();
  const states = useMessageList(`pages.${id}.examples.states`);
  return (
    <section className="demo-section" aria-labelledby={`${id}-checks`}>
      <h2 id={`${id}-checks`}>{t(`pages.${id}.examples.statesHeading`)}</h2>
      <ol className="demo-checks">
        {states.map((state) => (
          <li key={state}>{state}</li>
        ))}
      </ol>
    </section>
  );
}

/** What an internal page is for, and that search engines are kept out. */
export function InternalPurpose({ id }: { id: string }) {
  const t = useT();
  return (
    <section className="prose internal-purpose">
      <h2>{t('common.internal.heading')}</h2>
      <Paragraphs path={`pages.${id}.purpose`} />
      <p className="notice notice-inline">
        <Icon name="info" className="notice-icon" />
        <span>{t('common.internal.noindex')}</span>
      </p>
    </section>
  );
}
