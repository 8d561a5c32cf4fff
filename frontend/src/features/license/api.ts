import type {
  ActivateLicenseBody,
  ActivationView,
  Billing,
  CheckoutBody,
  EntitlementsView,
  LicenseView,
  PlansView,
  ReferralView,
} from '@visualnotes/contracts';
import { api } from '../../app/api/api';

const licenseApi = api.enhanceEndpoints({ addTagTypes: ['Licenses', 'Entitlements', 'Referral'] }).injectEndpoints({
  endpoints: (b) => ({
    getPlans: b.query<PlansView, void>({ query: () => 'plans' }),
    getEntitlements: b.query<EntitlementsView, void>({ query: () => 'entitlements', providesTags: ['Entitlements'] }),
    getReferral: b.query<ReferralView, void>({ query: () => 'referral', providesTags: ['Referral'] }),
    checkReferral: b.query<{ valid: boolean }, string>({ query: (code) => `referral/${encodeURIComponent(code)}` }),
    getLicenses: b.query<LicenseView[], void>({ query: () => 'licenses', providesTags: ['Licenses'] }),
    activateLicense: b.mutation<ActivationView, ActivateLicenseBody>({
      query: (body) => ({ url: 'licenses/activate', method: 'POST', body }),
      invalidatesTags: ['Licenses'],
    }),
    removeDevice: b.mutation<LicenseView, { licenseId: string; deviceId: string }>({
      query: ({ licenseId, deviceId }) => ({ url: `licenses/${licenseId}/devices/${deviceId}`, method: 'DELETE' }),
      invalidatesTags: ['Licenses'],
    }),
    addLicenseUser: b.mutation<LicenseView, { licenseId: string; email: string }>({
      query: ({ licenseId, email }) => ({ url: `licenses/${licenseId}/users`, method: 'POST', body: { email } }),
      invalidatesTags: ['Licenses'],
    }),
    removeLicenseUser: b.mutation<LicenseView, { licenseId: string; email: string }>({
      query: ({ licenseId, email }) => ({ url: `licenses/${licenseId}/users/${encodeURIComponent(email)}`, method: 'DELETE' }),
      invalidatesTags: ['Licenses'],
    }),
    unsubscribe: b.mutation<LicenseView, string>({
      query: (licenseId) => ({ url: `licenses/${licenseId}/unsubscribe`, method: 'POST' }),
      invalidatesTags: ['Licenses', 'Entitlements'],
    }),
    resume: b.mutation<LicenseView, { licenseId: string; billing: Billing }>({
      query: ({ licenseId, billing }) => ({ url: `licenses/${licenseId}/resume`, method: 'POST', body: { billing } }),
      invalidatesTags: ['Licenses', 'Entitlements'],
    }),
    checkout: b.mutation<{ url: string }, CheckoutBody>({ query: (body) => ({ url: 'licenses/checkout', method: 'POST', body }) }),
    redeemCode: b.mutation<LicenseView, { code: string }>({
      query: (body) => ({ url: 'licenses/redeem', method: 'POST', body }),
      invalidatesTags: ['Licenses', 'Entitlements'],
    }),
  }),
});

export const {
  useGetPlansQuery,
  useGetEntitlementsQuery,
  useGetReferralQuery,
  useCheckReferralQuery,
  useGetLicensesQuery,
  useActivateLicenseMutation,
  useRemoveDeviceMutation,
  useAddLicenseUserMutation,
  useRemoveLicenseUserMutation,
  useUnsubscribeMutation,
  useResumeMutation,
  useCheckoutMutation,
  useRedeemCodeMutation,
} = licenseApi;
