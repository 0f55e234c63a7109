// A page the browser prerendered (speculation rules, src/domain/speculation.ts) runs its scripts
// before anyone sees it, and may never be seen at all. Whatever counts a visit or records a choice
// (the beacon sender, Web Vitals, the analytics tags, a consent write, the feedback form's
// verification code) waits for `whenActivated`: at once on a page that was loaded normally, on
// `prerenderingchange` on a prerendered one that the visitor opens, never on one they do not.

type PrerenderingDocument = Document & { prerendering?: boolean };

/** True while this page is a prerender nobody has opened yet. */
export function isPrerendering(doc: Document | undefined = globalThis.document): boolean {
  return (doc as PrerenderingDocument | undefined)?.prerendering === true;
}

/** Runs `run` once the page is shown to the visitor (at once when it already is). */
export function whenActivated(run: () => void, doc: Document | undefined = globalThis.document): void {
  if (doc && isPrerendering(doc)) doc.addEventListener('prerenderingchange', () => run(), { once: true });
  else run();
}
