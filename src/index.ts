import { Hono } from 'hono';
import type { AppEnv } from './env';
import { securityHeaders } from './middleware/security';
import { requestContext } from './middleware/context';
import { notFound, onError } from './middleware/errors';
import { health } from './routes/health';
import { seo } from './routes/seo';
import { pageRoutes } from './pages/router';
import { benchRoutes } from './routes/bench';

/**
 * The site Worker. Static assets (public/ and the hashed client bundles) are served before this
 * runs; everything else comes here: security headers → request context → the route.
 */
const app = new Hono<AppEnv>({ strict: false });

app.use('*', securityHeaders);
app.use('*', requestContext);

app.route('/health', health);
app.route('/', seo);
app.route('/__bench', benchRoutes(app));
app.route('/', pageRoutes());

app.notFound(notFound);
app.onError(onError);

export default app;
