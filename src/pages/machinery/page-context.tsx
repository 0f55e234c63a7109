import { createContext, useContext } from 'react';
import type { ConsentPage } from '../../domain/consent';

/**
 * What server components may know while a page renders. Deliberately not the request: a rendered
 * page is cached per isolate (src/pages/machinery/page-cache.ts), so anything that reads the request must do
 * it in the page's `load` step, where it also names what it read in the cache key (or turns the
 * cache off). Components that need a nonce get a placeholder here, which the cache swaps for the
 * request's own nonce in every answer.
 */
export interface PageRenderFacts {
  /** The CSP nonce to write on inline and module scripts (a placeholder, spliced per request). */
  nonce: string;
  /** `<meta name="analytics-tags">` content from the configured tag ids ('' when none). */
  analyticsTags: string;
  /** The page's consent variant (src/middleware/consent.ts); it joins the cache key as a page variant. */
  consent: ConsentPage;
  /**
   * Chunks the page's islands need beyond the entry's, added by each `Island` as it renders and
   * listed by the document after the body (src/domain/module-loader.ts) for the browser to load.
   */
  modules: Set<string>;
}

const PageContext = createContext<PageRenderFacts | null>(null);

export const PageContextProvider = PageContext.Provider;

export function usePageContext(): PageRenderFacts {
  const facts = useContext(PageContext);
  if (!facts) throw new Error('usePageContext outside a page render');
  return facts;
}
