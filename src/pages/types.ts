import type { ReactElement } from 'react';
import type { Locale } from '../domain/locales';

export interface PageProps {
  locale: Locale;
  /** Rendered at the /mobile/ variant of the route. */
  mobile: boolean;
  params: Record<string, string>;
  /** The visitor's query string, already parsed; pages carry the campaign keys along. */
  query: URLSearchParams;
}

export type PageComponent = (props: PageProps) => ReactElement;

export interface PageRoute {
  /** Stable id: names the page's messages (`pages.<id>`) and its CSS hooks. */
  id: string;
  /** Unprefixed path in Hono syntax: '/', '/buy', '/article-list/:id'. */
  path: string;
  page: PageComponent;
  /** Served under /fr-FR, /ja-JP, /zh-CN too. False for the static legal pages, whose language is `?lang=`. */
  localized: boolean;
  /** Has a /mobile/ variant. */
  mobile: boolean;
  /** Phones are sent to the /mobile/ variant and desktops back (needs `mobile`). */
  agentRedirect: boolean;
  /** Listed in /sitemap.xml and indexable; test and demo pages are not. */
  indexable: boolean;
  /** HTTP status of the page itself (the 404 page answers 404). */
  status?: number;
  /** Returns false to turn the request into a 404 (SPEC §2 "validate step"). */
  validate?: (params: Record<string, string>, query: URLSearchParams) => boolean;
  /** For unlocalized pages: the locale to render in, from the query. */
  localeFromQuery?: (query: URLSearchParams) => Locale;
}

export type PageElement = ReactElement;
