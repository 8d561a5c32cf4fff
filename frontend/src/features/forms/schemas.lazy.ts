export { activateLicenseSchema, changeEmailSchema, nameSchema, passwordSchema, redeemCodeSchema, registerSchema } from '@visualnotes/contracts';
