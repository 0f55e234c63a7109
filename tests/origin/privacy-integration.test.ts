import { describe, expect, it } from 'vitest';
import { SEED_EMAILS } from '../../origin/src/seed';
import { call, codeOf, common, db, uniqueEmail } from './helpers';

const ip = '198.51.100.60';
const add = (body: Record<string, unknown>) =>
  call('/privacy_control/add', { first_name: 'Jean', last_name: 'Dupont', common: common('fr-FR'), ...body }, { ip });

describe('/privacy_control/add', () => {
  it('stores the request with its optional fields', async () => {
    const email = uniqueEmail('optout');
    const { body } = await add({ email, country: 'fr', region: 'Île-de-France', remark: 'Please stop.' });
    expect(codeOf(body)).toBe(0);
    expect(body.request_id).toMatch(/^PC[0-9A-Z]{14}$/);
    const row = await db.prepare('SELECT * FROM privacy_requests WHERE request_id = ?').bind(body.request_id).first();
    expect(row).toMatchObject({ email, first_name: 'Jean', last_name: 'Dupont', country: 'FR', region: 'Île-de-France', lang: 'fr-FR', client_key: ip });
  });

  it('refuses a repeated email, whatever its case', async () => {
    const email = uniqueEmail('twice');
    expect(codeOf((await add({ email })).body)).toBe(0);
    const again = await add({ email: email.toUpperCase() });
    expect(again.body).toEqual({ resp_common: { ret: 4590002, msg: 'The email address already exists. Please do not add it again.' } });
  });

  it('refuses the seeded opted-out email', async () => {
    expect(codeOf((await add({ email: SEED_EMAILS.optedOut })).body)).toBe(4590002);
  });

  it('requires the names and a valid email', async () => {
    const { body } = await call('/privacy_control/add', { email: 'x@', common: common() }, { ip });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'first_name', message: 'First Name is required' },
        { field: 'last_name', message: 'Last Name is required' },
        { field: 'email', message: 'email is invalid' },
      ]),
    );
  });

  it('refuses a malformed country', async () => {
    const { body } = await add({ email: uniqueEmail('c'), country: 'France' });
    expect(body.errors).toEqual([{ field: 'country', message: 'country is invalid' }]);
  });
});
