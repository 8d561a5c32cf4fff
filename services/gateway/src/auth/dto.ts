import {
  activateSchema,
  changeEmailSchema,
  confirmEmailSchema,
  deleteAccountSchema,
  devScopeSchema,
  forgotPasswordSchema,
  loginSchema,
  logoutAllSchema,
  refreshSchema,
  registerSchema,
  resendActivationSchema,
  resetPasswordSchema,
  securityCodeSchema,
  updateProfileSchema,
} from '@visualnotes/contracts';
import { createZodDto } from 'nestjs-zod';

export class RegisterDto extends createZodDto(registerSchema) {}
export class ActivateDto extends createZodDto(activateSchema) {}
export class ResendActivationDto extends createZodDto(resendActivationSchema) {}
export class LoginDto extends createZodDto(loginSchema) {}
export class SecurityCodeDto extends createZodDto(securityCodeSchema) {}
export class RefreshDto extends createZodDto(refreshSchema) {}
export class LogoutAllDto extends createZodDto(logoutAllSchema) {}
export class ForgotPasswordDto extends createZodDto(forgotPasswordSchema) {}
export class ResetPasswordDto extends createZodDto(resetPasswordSchema) {}
export class UpdateProfileDto extends createZodDto(updateProfileSchema) {}
export class ChangeEmailDto extends createZodDto(changeEmailSchema) {}
export class ConfirmEmailDto extends createZodDto(confirmEmailSchema) {}
export class DeleteAccountDto extends createZodDto(deleteAccountSchema) {}
export class DevScopeDto extends createZodDto(devScopeSchema) {}
