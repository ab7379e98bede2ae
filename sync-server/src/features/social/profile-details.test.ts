/**
 * Years detecting and detector (docs/product/social.md "Profile Settings"): set by the member through
 * PUT /api/social/profile-details and shown to everyone on their profile page, on the engine the run names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@schema/contracts/auth';
import { profileDetailsMessages } from '@schema/contracts/profile-details';
import { storyMessages } from '@schema/contracts/stories';
import { createTestApp, type TestApp } from '../../test/harness';
import { signedIn, type TestClient } from '../../sync/test-fixtures';
import { errorOf } from './test-fixtures';

type Member = { client: TestClient; user: { id: number; username: string } };
let t: TestApp;
let digger: Member;
let other: Member;
let anon: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  digger = await signedIn(t, 'digger');
  other = await signedIn(t, 'other');
  anon = t.client();
});
afterAll(() => t.close());

const profileOf = async (client: TestClient, id: number) =>
  (await client.get(`/api/users/${id}/profile`)).json;

describe('/api/social/profile-details', () => {
  it('not said until the member says: null details, and the profile shows none', async () => {
    const res = await digger.client.get('/api/social/profile-details');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ yearsDetecting: null, detectorBrand: null, detectorModel: null });
    expect(await profileOf(anon, digger.user.id)).toMatchObject({ yearsDetecting: null, detector: null });
  });

  it('the member sets them; everyone sees them on the profile; a field left out keeps its value', async () => {
    const saved = await digger.client.put('/api/social/profile-details', {
      yearsDetecting: '7',
      detectorBrand: ' Minelab ',
      detectorModel: 'Equinox 800',
      userId: other.user.id,
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ yearsDetecting: 7, detectorBrand: 'Minelab', detectorModel: 'Equinox 800' });
    expect(await profileOf(anon, digger.user.id)).toMatchObject({
      yearsDetecting: 7,
      detector: 'Minelab Equinox 800',
    });
    // `userId` in the body is never read: the other member's profile is untouched.
    expect(await profileOf(anon, other.user.id)).toMatchObject({ yearsDetecting: null, detector: null });

    const model = await digger.client.put('/api/social/profile-details', { detectorModel: '' });
    expect(model.json).toEqual({ yearsDetecting: 7, detectorBrand: 'Minelab', detectorModel: null });
    expect(await profileOf(other.client, digger.user.id)).toMatchObject({ detector: 'Minelab' });
  });

  it('refuses bad values with the field messages, and signed out with 401', async () => {
    expect(errorOf(await digger.client.put('/api/social/profile-details', { yearsDetecting: -1 }))).toEqual([
      400,
      storyMessages.yearsTooLow,
    ]);
    expect(
      errorOf(await digger.client.put('/api/social/profile-details', { detectorBrand: 'x'.repeat(61) })),
    ).toEqual([400, profileDetailsMessages.brandTooLong]);
    expect(errorOf(await anon.put('/api/social/profile-details', { yearsDetecting: 3 }))).toEqual([
      401,
      authMessages.mustBeLoggedInToUpdate,
    ]);
    expect(errorOf(await anon.get('/api/social/profile-details'))).toEqual([
      401,
      authMessages.mustBeLoggedInToUpdate,
    ]);
    expect(await profileOf(anon, digger.user.id)).toMatchObject({ yearsDetecting: 7 });
  });
});
