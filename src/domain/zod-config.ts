import { z } from 'zod';

// zod 4 probes for eval support with `new Function('')` when it builds object schemas. The site's
// CSP forbids eval, so in the browser that probe is a CSP violation on every form page. Turning
// the JIT off (it must happen before any schema is built) keeps the CSP clean everywhere; Workers
// never allowed the JIT anyway.
z.config({ jitless: true });
