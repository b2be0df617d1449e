import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MESSAGES } from '../../src/shared/messages';
import { REGISTRATION_INCOMPLETE_CODE } from '../../src/shared/constants';
import type { SessionResponse } from '../../src/shared/http/auth.schemas';
import { replaceAppStore } from '../../src/renderer/app/appStore';
import { backendInfoAtom, servicesAtom } from '../../src/renderer/app/boot/boot.atoms';
import { createAppServices } from '../../src/renderer/app/services';
import { sessionAtom } from '../../src/renderer/app/session/session.atoms';
import { LoginScreen } from '../../src/renderer/features/auth';
import { host } from '../../src/renderer/host/hostClient';
import type { FakeHost } from './support/fakeHost';
import { installFakeHost } from './support/fakeHost';
import type { LoopbackReply, LoopbackServer } from './support/loopbackServer';
import { startLoopbackServer } from './support/loopbackServer';

// The back end is a real loopback HTTP server; the host bridge (Electron preload / web host only) is a small fake.
let server: LoopbackServer;
let fakeHost: FakeHost;
let loginReply: LoopbackReply;

function sessionFor(overrides: { roles?: string[]; registration_completed?: boolean } = {}): SessionResponse {
  const brand = { _id: 'brand-1', name: 'Lumina Skincare', picture: null };
  return {
    roles: overrides.roles ?? ['brand_manager'],
    currentUser: { _id: 'user-1', registration_completed: overrides.registration_completed ?? true, email: 'maya@lumina.example', first_name: 'Maya' },
    brands: [brand],
    currentBrand: brand,
    competitors: [],
    userPicture: null,
    brandPicture: null,
    lastSignInAt: null,
    jwt: 'access-1',
    refresh_token: 'refresh-1',
    expires_in: 900,
  };
}

beforeEach(async () => {
  loginReply = { status: 200, body: sessionFor() };
  server = await startLoopbackServer((request) => {
    if (request.path === '/jwt_api/login') return loginReply;
    if (request.path === '/jwt_api/users/resend_confirmation_email') return { status: 200, body: { message: 'Confirmation email sent.' } };
    return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found' } };
  });
  fakeHost = installFakeHost(server.origin);
});

afterEach(async () => {
  await server.close();
});

async function renderLogin() {
  const store = replaceAppStore();
  const backend = await host().invoke('backend.info');
  store.set(backendInfoAtom, backend);
  store.set(servicesAtom, createAppServices(store, backend));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="/home" element={<p>Home page</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { store, user: userEvent.setup() };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, email = 'maya@lumina.example', password = 'secret-pass') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** The text that describes a field to assistive technology (its error lives there). */
function descriptionOf(label: string): string {
  const ids = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('login form', () => {
  it('shows "email not connected" under the email field, in its display wording', async () => {
    loginReply = { status: 208, body: { error_message: MESSAGES.emailNotConnected } };
    const { user } = await renderLogin();
    await signIn(user);
    await waitFor(() => expect(descriptionOf('Email')).toBe(MESSAGES.emailNotConnectedDisplay));
    expect(descriptionOf('Password')).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an address that is not an email under the email field, without asking the server (spec §5)', async () => {
    const { user } = await renderLogin();
    await signIn(user, 'not-an-email');
    await waitFor(() => expect(descriptionOf('Email')).toBe(MESSAGES.invalidEmail));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.requests.filter((r) => r.path === '/jwt_api/login')).toHaveLength(0);
  });

  it('shows "Invalid password." under the password field', async () => {
    loginReply = { status: 208, body: { error_message: MESSAGES.invalidPassword } };
    const { user } = await renderLogin();
    await signIn(user);
    await waitFor(() => expect(descriptionOf('Password')).toBe(MESSAGES.invalidPassword));
    expect(descriptionOf('Email')).toBe('');
  });

  it('puts other 208 messages, the vip refusal and 429 in the general error', async () => {
    const cases: [LoopbackReply, string][] = [
      [{ status: 208, body: { error_message: MESSAGES.invalidCredentials } }, MESSAGES.invalidCredentials],
      [{ status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Refused', code: 'vip_influencer' } }, MESSAGES.vipRefused],
      [{ status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: 'Slow down: try again in 60 seconds.' } }, 'Slow down: try again in 60 seconds.'],
    ];
    for (const [reply, expected] of cases) {
      loginReply = reply;
      const { user } = await renderLogin();
      await signIn(user);
      expect((await screen.findByRole('alert')).textContent).toBe(expected);
      expect(descriptionOf('Email')).toBe('');
      cleanup();
    }
  });

  it('does not store a user whose registration is incomplete, and offers to resend the confirmation', async () => {
    loginReply = { status: 200, body: sessionFor({ registration_completed: false }) };
    const { user, store } = await renderLogin();
    await signIn(user, 'pending@lumina.example');
    expect(await screen.findByText(MESSAGES.registrationIncomplete)).toBeTruthy();
    expect(fakeHost.callsTo('secrets.setToken')).toHaveLength(0);
    expect(store.get(sessionAtom)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText('Confirmation email sent.')).toBeTruthy();
    const resend = server.requests.find((r) => r.path === '/jwt_api/users/resend_confirmation_email');
    expect(resend?.body).toEqual({ email: 'maya@lumina.example' });
  });

  it('offers to resend the confirmation when the server refuses an incomplete registration with 403', async () => {
    loginReply = { status: 403, body: { statusCode: 403, error: 'Forbidden', message: MESSAGES.registrationIncomplete, code: REGISTRATION_INCOMPLETE_CODE } };
    const { user, store } = await renderLogin();
    await signIn(user, 'pending@lumina.example');
    expect(await screen.findByText(MESSAGES.registrationIncomplete)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.get(sessionAtom)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText('Confirmation email sent.')).toBeTruthy();
    const resend = server.requests.find((r) => r.path === '/jwt_api/users/resend_confirmation_email');
    expect(resend?.body).toEqual({ email: 'pending@lumina.example' });
  });

  it('does not store a vip_influencer answered with 200 either', async () => {
    loginReply = { status: 200, body: sessionFor({ roles: ['vip_influencer'] }) };
    const { user, store } = await renderLogin();
    await signIn(user);
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.vipRefused);
    expect(fakeHost.callsTo('secrets.setToken')).toHaveLength(0);
    expect(store.get(sessionAtom)).toBeNull();
  });

  it('on success stores the tokens and the bId/uId markers, then opens /home (Enter submits)', async () => {
    const { user, store } = await renderLogin();
    await user.type(screen.getByLabelText('Email'), 'maya@lumina.example');
    await user.type(screen.getByLabelText('Password'), 'secret-pass{Enter}');
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(server.requests.find((r) => r.path === '/jwt_api/login')?.body).toEqual({ email: 'maya@lumina.example', password: 'secret-pass' });
    expect(fakeHost.callsTo('secrets.setToken')).toEqual([{ jwt: 'access-1', refreshToken: 'refresh-1' }]);
    expect(fakeHost.settings.markers).toMatchObject({ bId: 'brand-1', uId: 'user-1' });
    expect(store.get(sessionAtom)?.currentUser._id).toBe('user-1');
  });
});
