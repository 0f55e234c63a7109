import { Hono } from 'hono';
import type { AppEnv } from './env';
import { securityHeaders } from './middleware/security';
import { requestLog } from './middleware/request-log';
import { requestContext } from './middleware/context';
import { notFound, onError } from './middleware/errors';
import { health } from './routes/health';
import { seo } from './routes/seo';
import { pageRoutes } from './pages/machinery/router';
import { benchRoutes } from './routes/bench';
import { geo } from './middleware/geo';
import { consent } from './middleware/consent';
import { consentRoutes } from './routes/consent';
import { trailingSlashRedirect } from './middleware/trailing-slash';
import { geoRoutes } from './routes/geo';
import { apiProxy } from './routes/api-proxy';
import { beacon, beaconTestRoutes } from './routes/beacon';
import { downloads, downloadTestRoutes } from './routes/downloads';
import { consumeBeacons } from './services/beacon-consumer';
import { upstreamFaultRoutes } from './routes/upstream-faults';
import { testPaymentRoutes } from './routes/test-payments';
import { uploadRoutes } from './routes/uploads';
import { feedbackTestRoutes } from './routes/feedback-test';
import { cleanupPendingUploads } from './services/uploads';

/**
 * The site Worker. Static assets (public/ and the hashed client bundles) are served before this
 * runs; everything else comes here: request log → security headers → request context → the route.
 */
const app = new Hono<AppEnv>({ strict: false });

app.use('*', requestLog);
app.use('*', securityHeaders);
app.use('*', requestContext);
app.use('*', geo);
app.use('*', consent);
app.use('*', trailingSlashRedirect);

app.route('/health', health);
// Before the /api proxy: /api/geo is answered by the edge itself.
app.route('/api/geo', geoRoutes);
app.route('/api/upload', uploadRoutes);
app.route('/beacon', beacon);
app.route('/consent', consentRoutes);
app.route('/download', downloads);
app.route('/__test', beaconTestRoutes);
app.route('/__test', downloadTestRoutes);
app.route('/__test', upstreamFaultRoutes);
app.route('/__test', testPaymentRoutes);
app.route('/__test', feedbackTestRoutes);
app.route('/', seo);
app.route('/api', apiProxy);
app.route('/__bench', benchRoutes(app));
app.route('/', pageRoutes());

app.notFound(notFound);
app.onError(onError);

export { app };
/** The hourly cron: feedback uploads no ticket named within a day are deleted. */
export const scheduled: ExportedHandlerScheduledHandler<Env> = async (_controller, env) => {
  const deleted = await cleanupPendingUploads(env.UPLOADS);
  console.log(JSON.stringify({ level: 'info', msg: 'pending uploads cleaned', deleted }));
};

// fetch for requests; queue for the beacon queues (mt-beacons and its dead letters); scheduled for the upload cleanup.
export default { fetch: app.fetch, queue: consumeBeacons, scheduled } satisfies ExportedHandler<Env>;
