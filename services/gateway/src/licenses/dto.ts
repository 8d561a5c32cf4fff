import { activateLicenseSchema, checkoutSchema, licenseUserSchema, redeemCodeSchema, resumeLicenseSchema } from '@visualnotes/contracts';
import { createZodDto } from 'nestjs-zod';

export class ActivateLicenseDto extends createZodDto(activateLicenseSchema) {}
export class LicenseUserDto extends createZodDto(licenseUserSchema) {}
export class ResumeLicenseDto extends createZodDto(resumeLicenseSchema) {}
export class CheckoutDto extends createZodDto(checkoutSchema) {}
export class RedeemCodeDto extends createZodDto(redeemCodeSchema) {}
