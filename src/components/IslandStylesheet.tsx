import { islandStylesheets } from '../pages/machinery/assets';

/**
 * Links an island's stylesheets from the server (React hoists them into <head>). `Island` does
 * this for its own island; pages use it directly only to style server markup with an island's CSS.
 */
export function IslandStylesheet({ island }: { island: string }) {
  return (
    <>
      {islandStylesheets(island).map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="default" />
      ))}
    </>
  );
}
