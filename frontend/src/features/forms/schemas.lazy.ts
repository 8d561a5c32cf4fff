export {
  activateLicenseSchema,
  changeEmailSchema,
  forgotPasswordSchema,
  nameSchema,
  passwordSchema,
  redeemCodeSchema,
  registerSchema,
} from '@visualnotes/contracts';
