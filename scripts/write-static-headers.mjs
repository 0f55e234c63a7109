// Writes public/_headers from src/domain/security-headers.ts, so static assets get the same
// security headers as Worker responses (run by `npm run build`; a unit test checks it is in sync).
import { writeFileSync } from 'node:fs';
import { staticHeadersFile } from '../src/domain/security-headers.ts';

writeFileSync(new URL('../public/_headers', import.meta.url), staticHeadersFile());
