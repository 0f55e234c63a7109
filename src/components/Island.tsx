import type { ComponentType } from 'react';
import { islandAssets, islandStylesheets } from '../pages/machinery/assets';
import { usePageContext } from '../pages/machinery/page-context';
import { ISLANDS, type IslandName, type IslandProps } from './islands';

/**
 * Server side of an island: renders the registry's component to HTML inside a marker that the
 * client entry finds, then lazily loads `client/islands/<of>.tsx` and hydrates with the same props.
 * Props must be JSON-serialisable; React escapes the attribute, so no markup can break out.
 * The island's chunks join the page's module list (loaded after the first paint, with the entry:
 * src/domain/module-loader.ts) and its stylesheets are linked (React hoists them into <head>).
 */
export function Island<N extends IslandName>({ of, props }: { of: N; props: IslandProps<N> }) {
  // The registry's entry for `of` takes IslandProps<N>; TypeScript cannot follow that through the generic.
  const Component = ISLANDS[of] as unknown as ComponentType<Record<string, unknown>>;
  const { modules } = usePageContext();
  for (const href of islandAssets(of)) modules.add(href);
  return (
    <div data-island={of} data-props={JSON.stringify(props)} className="island">
      <IslandStylesheet island={of} />
      <Component {...(props as Record<string, unknown>)} />
    </div>
  );
}

/**
 * Links islands' stylesheets from the server (React hoists them into <head>), in order. `Island`
 * does this for its own island; the router does it for a route's `islandStyles`, whose markup uses
 * an island's styles whether or not the island is rendered.
 */
export function IslandStylesheets({ of }: { of: readonly IslandName[] }) {
  return (
    <>
      {of.map((island) => (
        <IslandStylesheet key={island} island={island} />
      ))}
    </>
  );
}

function IslandStylesheet({ island }: { island: IslandName }) {
  return (
    <>
      {islandStylesheets(island).map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="default" />
      ))}
    </>
  );
}
