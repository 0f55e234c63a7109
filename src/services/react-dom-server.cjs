// What the Worker needs of react-dom/server: renderToString alone. Pages render whole
// (@hono/react-renderer with stream: false), and react-dom/server.edge's own renderToString is
// this very build; its streaming renderer (about 290 KB more for every new isolate to parse) is
// never called. wrangler.toml's [alias] points react-dom/server and react-dom/server.edge here.
// The renderer is required on the first render (a page-cache miss), not when the isolate starts;
// esbuild substitutes NODE_ENV, so only one build is bundled.
'use strict';

let server;
function load() {
  if (!server) {
    server =
      process.env.NODE_ENV === 'production'
        ? require('../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js')
        : require('../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.development.js');
  }
  return server;
}

exports.renderToString = (...args) => load().renderToString(...args);
exports.renderToStaticMarkup = (...args) => load().renderToStaticMarkup(...args);
