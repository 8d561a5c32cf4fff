import { z } from 'zod';
import type { RequestSchemas } from './common';
import type { LicenseRpc } from './license';
import { callerId, empty, emailAddress, idOf, isString, raising, scope } from '../primitives';
import { activateLicenseSchema, BILLINGS, checkoutSchema, DESKTOP_TIERS, LICENSE_PLANS, licenseUserSchema, PRODUCTS, redeemCodeSchema } from '../dto/license';
import { Messages } from '../messages';

const caller = {
  user_id: callerId,
  email: raising((v): v is string => isString(v) && v.length > 0 && v.length <= 254, 'UNAUTHORIZED').transform((e) => e.toLowerCase()),
  scope,
  ip: z.string().max(100).optional(),
};
const licenseId = idOf('NOT_FOUND');
const USAGE_KINDS = ['video_summary', 'document_summary'] as const;
const oneOf = <T extends readonly [string, ...string[]]>(values: T, flag: string) => z.enum(values, { error: `--${flag} must be one of ${values.join(', ')}` });

/** Request schemas of the license service, checked by the transport before a handler runs. */
export const LicenseRequests: RequestSchemas<LicenseRpc> = {
  'license.health': empty,
  'license.entitlements.get': z.object({ userId: z.string().max(300), scope, email: z.string().max(254).optional() }),
  'license.usage.consume': z.object({
    subject: z.string().trim().min(1, 'A subject is required').max(300, 'A subject is required'),
    kind: z.enum(USAGE_KINDS, { error: 'Unknown usage kind' }),
    visitor: z.boolean().optional(),
  }),
  'license.usage.refund': z.object({
    subject: z.string().trim().min(1, 'A subject is required').max(300, 'A subject is required'),
    kind: z.enum(USAGE_KINDS, { error: 'Unknown usage kind' }),
    used_at: z.iso.datetime({ error: 'A time of use is required' }),
  }),
  'license.plans': empty,
  'license.entitlements.view': z.object(caller),
  'license.licenses.list': z.object(caller),
  'license.activate': z.object({ ...caller, ...activateLicenseSchema.shape }),
  'license.publicKey': empty,
  'license.devices.remove': z.object({ ...caller, license_id: licenseId, device_id: idOf('NOT_FOUND') }),
  'license.users.add': z.object({ ...caller, license_id: licenseId, user_email: licenseUserSchema.shape.email }),
  'license.users.remove': z.object({
    ...caller,
    license_id: licenseId,
    user_email: z.string({ error: Messages.licenseUserEmailRequired }).trim().toLowerCase().min(1, Messages.licenseUserEmailRequired).max(254),
  }),
  'license.unsubscribe': z.object({ ...caller, license_id: licenseId }),
  'license.resume': z.object({ ...caller, license_id: licenseId, billing: z.enum(BILLINGS) }),
  'license.checkout': z.object({ ...caller, ...checkoutSchema.shape }),
  'license.stripe.webhook': z.object({
    payload: raising(isString, 'WEBHOOK_SIGNATURE_INVALID'),
    signature: raising((v): v is string => isString(v) && v.length > 0, 'WEBHOOK_SIGNATURE_INVALID'),
  }),
  'license.appsumo.redeem': z.object({ ...caller, code: redeemCodeSchema.shape.code }),
  'license.referral.get': z.object({ user_id: callerId }),
  'license.operator.issue': z.object({
    email: emailAddress('A valid --email is required'),
    product: oneOf(PRODUCTS, 'product').optional(),
    tier: oneOf(DESKTOP_TIERS, 'tier').optional(),
    plan: oneOf(LICENSE_PLANS, 'plan'),
    name: z.string().max(120).optional(),
  }),
  'license.operator.importCodes': z.object({
    codes: z.array(z.string()),
    tier: z.enum(DESKTOP_TIERS).optional(),
    product: z.enum(PRODUCTS).optional(),
  }),
};
