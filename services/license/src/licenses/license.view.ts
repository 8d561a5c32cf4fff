import { LicenseStatus, type LicenseDeviceView, type LicenseView } from '@visualnotes/contracts';
import type { License, LicenseDevice, LicenseUser } from './license.entity';

/** The owner: by account id, or by the address the license was issued to. */
export function isOwner(l: License, caller: { user_id: string; email: string }): boolean {
  return l.ownerId === caller.user_id || l.ownerEmail === caller.email;
}

/** A device as `caller` sees it; only the owner of `l`, or whoever activated the device, may remove it. */
export function deviceView(d: LicenseDevice, l: License, caller: { user_id: string; email: string }): LicenseDeviceView {
  return {
    id: d.id,
    name: d.name,
    os: d.os,
    fingerprint: d.fingerprint,
    activated_at: new Date(d.activatedAt).toISOString(),
    removable: isOwner(l, caller) || d.activatedBy === caller.user_id,
  };
}

/** A license as its owner or one of its users sees it, with its devices and users. */
export function licenseView(
  l: License,
  caller: { user_id: string; email: string },
  devices: LicenseDevice[],
  users: LicenseUser[],
  now = new Date(),
): LicenseView {
  return {
    id: l.id,
    name: l.name,
    key: l.key.trim(),
    product: l.product,
    status: l.canceledAt ? LicenseStatus.canceled : LicenseStatus.active,
    plan: l.plan,
    tier: l.tier,
    max_devices: l.maxDevices,
    valid_from: l.validFrom.toISOString(),
    valid_until: l.validUntil?.toISOString() ?? null,
    expired: !!l.validUntil && l.validUntil <= now,
    owner: isOwner(l, caller),
    owner_email: l.ownerEmail,
    devices: devices.filter((d) => d.licenseId === l.id).map((d) => deviceView(d, l, caller)),
    users: users.filter((u) => u.licenseId === l.id).map((u) => ({ email: u.email })),
  };
}
