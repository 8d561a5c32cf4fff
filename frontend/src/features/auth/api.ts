import type { LoginAnswer, LoginSuccess, PublicUser, RegisterBody } from '@visualnotes/contracts';
import { ANONYMOUS, api } from '../../app/api/api';

/** Account endpoints: sign-in, sign-up, e-mail links, profile. Pages await them through `runApi`. */
export const authApi = api.injectEndpoints({
  endpoints: (b) => ({
    login: b.mutation<LoginAnswer, { email: string; password: string; fingerprint: string }>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      extraOptions: ANONYMOUS,
    }),
    loginWithCode: b.mutation<LoginSuccess, { challenge: string; code: string }>({
      query: (body) => ({ url: '/auth/login/security-code', method: 'POST', body }),
      extraOptions: ANONYMOUS,
    }),
    register: b.mutation<unknown, RegisterBody>({ query: (body) => ({ url: '/auth/register', method: 'POST', body }), extraOptions: ANONYMOUS }),
    forgotPassword: b.mutation<unknown, { email: string }>({
      query: (body) => ({ url: '/auth/password/forgot', method: 'POST', body }),
      extraOptions: ANONYMOUS,
    }),
    resetPassword: b.mutation<unknown, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/password/reset', method: 'POST', body }),
      extraOptions: ANONYMOUS,
    }),
    resendActivation: b.mutation<unknown, { email: string }>({
      query: (body) => ({ url: '/auth/activation/resend', method: 'POST', body }),
      extraOptions: ANONYMOUS,
    }),
    confirmLink: b.mutation<unknown, { token: string; kind: 'email' | 'account' }>({
      query: ({ token, kind }) => ({ url: kind === 'email' ? '/auth/email/confirm' : '/auth/activate', method: 'POST', body: { token } }),
      extraOptions: ANONYMOUS,
    }),
    currentUser: b.query<{ user: PublicUser }, void>({ query: () => '/auth/user' }),
    logout: b.mutation<unknown, void>({ query: () => ({ url: '/auth/logout', method: 'POST' }) }),
    logoutEverywhere: b.mutation<unknown, { password: string }>({ query: (body) => ({ url: '/auth/logout-all', method: 'POST', body }) }),
    updateProfile: b.mutation<{ user: PublicUser }, { name: string }>({ query: (body) => ({ url: '/auth/profile', method: 'PATCH', body }) }),
    changeEmail: b.mutation<unknown, { email: string; password: string }>({ query: (body) => ({ url: '/auth/email', method: 'PUT', body }) }),
    deleteAccount: b.mutation<unknown, { email: string; password: string }>({ query: (body) => ({ url: '/auth/account', method: 'DELETE', body }) }),
  }),
});
