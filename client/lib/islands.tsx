import { useEffect, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createTranslator, I18nProvider, type I18n, type Messages } from '../../src/i18n/translator';
import { i18nStore } from './locale-loader';
import type { Locale } from '../../src/domain/locales';
import { reloadOnceAfterChunkFailure } from './chunk-reload';

type IslandModule = { default: ComponentType<Record<string, unknown>> };

// One lazy chunk per island: a page downloads only the islands it renders.
const loaders = import.meta.glob<IslandModule>('../islands/*.tsx');

function readI18n() {
  const el = document.getElementById('__i18n');
  const data = JSON.parse(el?.textContent || '{}') as { locale?: Locale; messages?: Messages };
  return createTranslator(data.locale ?? 'en-US', data.messages ?? {});
}

/** Gives islands the current translator, which a language switch replaces while the next page loads. */
const snapshot = () => i18nStore.get().i18n;

function LiveI18n({ children }: { children: ReactNode }) {
  const i18n = useSyncExternalStore(i18nStore.subscribe, snapshot, snapshot) as I18n;
  return <I18nProvider value={i18n}>{children}</I18nProvider>;
}

/** Marks its island's element once React has hydrated it: effects run only after the commit. */
function MarkHydrated({ el, children }: { el: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    el.dataset.islandHydrated = 'true';
  }, [el]);
  return children;
}

/**
 * Finds every island marker, loads its component and hydrates it (each marker gets
 * data-island-hydrated once it is); then marks the body as hydrated.
 */
export async function hydrateIslands(): Promise<void> {
  i18nStore.set({ i18n: readI18n() });
  const markers = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  await Promise.all(
    markers.map(async (el) => {
      const loader = loaders[`../islands/${el.dataset.island}.tsx`];
      if (!loader) {
        // A marker without a module is a page that looks alive and does nothing: never quietly.
        const message = `Island "${el.dataset.island}" has no module client/islands/${el.dataset.island}.tsx: it stays as the server rendered it.`;
        if (import.meta.env.DEV) throw new Error(message);
        console.error(message);
        return;
      }
      let mod: IslandModule;
      try {
        mod = await loader();
      } catch (error) {
        reloadOnceAfterChunkFailure(error);
        return;
      }
      const props = JSON.parse(el.dataset.props || '{}') as Record<string, unknown>;
      hydrateRoot(
        el,
        <LiveI18n>
          <MarkHydrated el={el}>
            <mod.default {...props} />
          </MarkHydrated>
        </LiveI18n>,
      );
    }),
  );
  document.body.dataset.hydrated = 'true';
}
