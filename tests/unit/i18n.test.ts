import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createTranslator, I18nProvider, mergeMessages, useT, type Messages } from '../../src/i18n/translator';
import { clientMessages, clientMessagesPayload, loadMessages, translatorFor } from '../../src/services/messages';
import { LOCALES } from '../../src/domain/locales';
import enUS from '../../locales/en-US.json';
import jaJP from '../../locales/ja-JP.json';

const en: Messages = { greet: 'Hello {{name}}', only: { en: 'English only' }, nested: { a: 'A', b: 'B' } };
const fr: Messages = { greet: 'Bonjour {{name}}', nested: { a: 'A-fr' } };

describe('createTranslator', () => {
  it('translates a dotted key with params', () => {
    expect(createTranslator('fr-FR', fr, en).t('greet', { name: 'Ana' })).toBe('Bonjour Ana');
  });

  it('falls back to the fallback (en-US) messages for a missing key', () => {
    const { t } = createTranslator('fr-FR', fr, en);
    expect(t('only.en')).toBe('English only');
    expect(t('nested.b')).toBe('B');
    expect(t('nested.a')).toBe('A-fr');
  });

  it('shows the key itself when no locale has it, so a gap is visible', () => {
    expect(createTranslator('fr-FR', fr, en).t('missing.key')).toBe('missing.key');
    expect(createTranslator('en-US', en).t('nope')).toBe('nope');
  });

  it('keeps each translator on its own locale even when used interleaved', () => {
    const a = createTranslator('fr-FR', fr, en);
    const b = createTranslator('en-US', en);
    expect([a.t('greet', { name: 'x' }), b.t('greet', { name: 'x' }), a.t('greet', { name: 'y' })]).toEqual(['Bonjour x', 'Hello x', 'Bonjour y']);
    expect(a.locale).toBe('fr-FR');
    expect(b.locale).toBe('en-US');
  });

  it('fills numeric params', () => {
    expect(createTranslator('en-US', { c: '© {{year}}' }).t('c', { year: 2026 })).toBe('© 2026');
  });
});

// The Worker reads each locale's file from its static assets (tests/worker covers that path);
// here a stand-in binding answers with the files under locales/.
beforeAll(async () => {
  const ASSETS = { fetch: async (request: Request) => new Response(readFileSync(new URL(`../../locales/${new URL(request.url).pathname.split('/').pop()}`, import.meta.url))) } as unknown as Fetcher;
  for (const locale of LOCALES) await loadMessages({ ASSETS }, locale);
});

describe('translatorFor (the server translators)', () => {
  it('gives one translator per locale, reused', () => {
    expect(translatorFor('ja-JP')).toBe(translatorFor('ja-JP'));
    expect(translatorFor('ja-JP')).not.toBe(translatorFor('zh-CN'));
  });

  it('renders the footer year placeholder in every locale', () => {
    for (const locale of LOCALES) {
      const text = translatorFor(locale).t('layout.footer.copyright', { year: 2031 });
      expect(text, locale).toContain('2031');
      expect(text, locale).not.toContain('{{');
    }
  });
});

describe('clientMessages', () => {
  it('ships only the ui namespace to the browser', () => {
    expect(Object.keys(clientMessages('fr-FR'))).toEqual(['ui']);
  });

  it('fills gaps from en-US', () => {
    expect(clientMessages('en-US')).toEqual({ ui: enUS.ui });
  });

  it('adds the namespaces a route declares, after ui', () => {
    const messages = clientMessages('ja-JP', ['buy']);
    expect(Object.keys(messages)).toEqual(['ui', 'buy']);
    expect(messages.buy).toEqual(mergeMessages(enUS.buy as Messages, (jaJP as Messages).buy as Messages));
  });

  it('refuses a namespace no locale has, so a typo in the route table fails loudly', () => {
    expect(() => clientMessages('en-US', ['no-such-namespace'])).toThrow(/no-such-namespace/);
  });

  it('serialises each payload once per isolate, with no raw < that could close the script', () => {
    const first = clientMessagesPayload('fr-FR', ['buy']);
    expect(clientMessagesPayload('fr-FR', ['buy'])).toBe(first);
    expect(first).not.toContain('<');
    expect(JSON.parse(first)).toEqual({ locale: 'fr-FR', messages: clientMessages('fr-FR', ['buy']) });
  });
});

describe('mergeMessages', () => {
  it('overrides leaves deeply and keeps base keys missing from the override', () => {
    expect(mergeMessages(en, fr)).toEqual({ greet: 'Bonjour {{name}}', only: { en: 'English only' }, nested: { a: 'A-fr', b: 'B' } });
  });

  it('returns the base when there is no override', () => {
    expect(mergeMessages(en, undefined)).toBe(en);
  });

  it('does not modify its inputs', () => {
    const base = structuredClone(en);
    mergeMessages(base, fr);
    expect(base).toEqual(en);
  });
});

describe('useT', () => {
  it('reads the translator from I18nProvider', () => {
    function Label() {
      return createElement('span', null, useT()('greet', { name: 'Kenji' }));
    }
    const html = renderToStaticMarkup(createElement(I18nProvider, { value: createTranslator('fr-FR', fr, en), children: createElement(Label) }));
    expect(html).toBe('<span>Bonjour Kenji</span>');
  });

  it('throws outside a provider', () => {
    function Label() {
      return createElement('span', null, useT()('greet'));
    }
    expect(() => renderToStaticMarkup(createElement(Label))).toThrow(/I18nProvider/);
  });
});
