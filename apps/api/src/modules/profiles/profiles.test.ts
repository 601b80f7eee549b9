import { messages, type Profile, type ProfileUpdateResponse } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { errorOf } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

const profileInput = {
  birthDate: '24-05-95',
  address: '12 Harbour Road, Chittagong',
  phone: '+880 1711 000000',
  profileLink: 'https://www.linkedin.com/in/someone',
};

describeEachDatabase('profiles', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
  });
  afterAll(() => app.close());

  it('says Updated!! for a change and Already Updated!! when nothing changed', async () => {
    const me = await signUpWithToken(app);
    const empty = (await (
      await send(app, 'GET', `/api/userInfo/${me.email}`, me.token)
    ).json()) as Profile;
    expect(empty).toEqual({
      email: me.email,
      name: me.name,
      birthDate: null,
      address: null,
      phone: null,
      profileLink: null,
    });

    const first = await send(app, 'PUT', `/api/userInfo/${me.email}`, me.token, {
      email: me.email,
      ...profileInput,
    });
    expect(first.status).toBe(200);
    expect((await first.json()) as ProfileUpdateResponse).toMatchObject({
      upsertedCount: 1,
      message: 'Updated!!',
    });
    const same = (await (
      await send(app, 'PUT', `/api/userInfo/${me.email}`, me.token, profileInput)
    ).json()) as ProfileUpdateResponse;
    expect(same).toMatchObject({ upsertedCount: 0, message: 'Already Updated!!' });
    const changed = (await (
      await send(app, 'PUT', `/api/userInfo/${me.email}`, me.token, {
        ...profileInput,
        phone: '+880 1811 111111',
      })
    ).json()) as ProfileUpdateResponse;
    expect(changed).toMatchObject({ upsertedCount: 1, message: 'Updated!!' });
    expect(changed.profile.phone).toBe('+880 1811 111111');
  });

  // Each field is compared on its own: an edit of only one of them is still a change, saved.
  it.each([
    ['address', '99 Station Road, Sylhet'],
    ['phone', '+880 1911 222222'],
    ['birthDate', '01-01-90'],
    ['profileLink', 'https://www.linkedin.com/in/someone-else'],
  ] as const)('saves an edit of the %s alone and says Updated!!', async (field, value) => {
    const me = await signUpWithToken(app);
    await send(app, 'PUT', `/api/userInfo/${me.email}`, me.token, profileInput);
    const edited = await send(app, 'PUT', `/api/userInfo/${me.email}`, me.token, {
      ...profileInput,
      [field]: value,
    });
    expect(edited.status).toBe(200);
    expect((await edited.json()) as ProfileUpdateResponse).toMatchObject({
      upsertedCount: 1,
      message: 'Updated!!',
      profile: { [field]: value },
    });
    const readBack = (await (
      await send(app, 'GET', `/api/userInfo/${me.email}`, me.token)
    ).json()) as Profile;
    expect(readBack).toMatchObject({ ...profileInput, [field]: value });
  });

  it("keeps a customer out of another customer's profile; an admin may read it", async () => {
    const owner = await signUpWithToken(app);
    const other = await signUpWithToken(app);
    const admin = await signUpAdmin(app);
    await send(app, 'PUT', `/api/userInfo/${owner.email}`, owner.token, profileInput);
    const refusal = async (response: Response) => ({
      status: response.status,
      ...(await errorOf(response)),
    });
    expect(
      await refusal(await send(app, 'GET', `/api/userInfo/${owner.email}`, other.token)),
    ).toEqual({ status: 403, code: 'FORBIDDEN', message: 'You can only see your own profile' });
    expect(
      await refusal(
        await send(app, 'PUT', `/api/userInfo/${owner.email}`, other.token, profileInput),
      ),
    ).toEqual({ status: 403, code: 'FORBIDDEN', message: 'You can only update your own profile' });
    expect(
      (await send(app, 'PUT', `/api/userInfo/${owner.email}`, admin.token, profileInput)).status,
    ).toBe(403);
    expect((await send(app, 'GET', `/api/userInfo/${owner.email}`, admin.token)).status).toBe(200);
    expect((await send(app, 'GET', `/api/userInfo/${owner.email}`)).status).toBe(401);
    const mismatched = await send(app, 'PUT', `/api/userInfo/${owner.email}`, owner.token, {
      ...profileInput,
      email: other.email,
    });
    expect(mismatched.status).toBe(403);
  });

  it('answers an admin 404 for the profile of an email that names no account', async () => {
    const admin = await signUpAdmin(app);
    const response = await send(app, 'GET', '/api/userInfo/nobody-here@example.com', admin.token);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'User not found',
    );
  });

  // The email rule of every route that names an account in its path (EmailParamSchema).
  it.each(['not-an-email', 'someone@Example.com', 'someone@example'])(
    'refuses the path email %j with 400 and "Provide a valid Email", for the owner and an admin',
    async (email) => {
      const me = await signUpWithToken(app);
      const admin = await signUpAdmin(app);
      const path = `/api/userInfo/${encodeURIComponent(email)}`;
      for (const answer of [
        await send(app, 'GET', path, me.token),
        await send(app, 'GET', path, admin.token),
        await send(app, 'PUT', path, me.token, profileInput),
      ]) {
        expect(answer.status).toBe(400);
        expect(await errorOf(answer)).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { email: [messages.validation.emailInvalid] },
        });
      }
    },
  );

  it.each([
    ['no birth date', { birthDate: '' }, 'birthDate', 'Date of birth is required'],
    [
      'a birth date in another form',
      { birthDate: '1995/05/24' },
      'birthDate',
      'Use the form dd-mm-yy',
    ],
    [
      'a day that does not exist',
      { birthDate: '31-02-95' },
      'birthDate',
      'This date does not exist',
    ],
    ['no address', { address: '' }, 'address', 'Address is required'],
    ['a phone without a digit', { phone: 'none' }, 'phone', 'Phone number must contain a digit'],
    [
      'a link that is not a URL',
      { profileLink: 'linkedin' },
      'profileLink',
      'Provide a valid URL (http or https)',
    ],
    ['a role', { role: 'admin' }, '_', 'Unrecognized key: "role"'],
  ])('refuses %s with 400', async (_label, change, field, message) => {
    const me = await signUpWithToken(app);
    const response = await send(app, 'PUT', `/api/userInfo/${me.email}`, me.token, {
      ...profileInput,
      ...change,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string[]> } };
    expect(body.error.fields[field]).toContain(message);
  });
});
