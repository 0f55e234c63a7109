import type { ComponentType } from 'react';
import { preloadModule } from 'react-dom';
import { islandAssets } from '../pages/machinery/assets';
import { usePageContext } from '../pages/machinery/page-context';
import { IslandStylesheet } from './IslandStylesheet';

/**
 * Server side of an island: renders the component to HTML inside a marker that the client entry
 * finds, then lazily loads `client/islands/<name>.tsx` and hydrates with the same props.
 * Props must be JSON-serialisable; React escapes the attribute, so no markup can break out.
 * The island's chunks are modulepreloaded (React hoists the links into <head>).
 */
export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  const { nonce } = usePageContext();
  for (const href of islandAssets(name)) preloadModule(href, { as: 'script', nonce });
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="island">
      <IslandStylesheet island={name} />
      <Component {...props} />
    </div>
  );
}
