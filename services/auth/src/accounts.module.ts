import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthRedis } from './common/redis.provider';
import { EmailToken } from './email-tokens/email-token.entity';
import { EmailTokensRepository } from './email-tokens/email-tokens.repository';
import { EmailTokensService } from './email-tokens/email-tokens.service';
import { GoogleHandlers } from './google/google.handlers';
import { KeysHandlers } from './keys/keys.handlers';
import { KeysService } from './keys/keys.service';
import { SigningKey } from './keys/signing-key.entity';
import { SigningKeysRepository } from './keys/signing-keys.repository';
import { LoginHandlers } from './login/login.handlers';
import { LoginService } from './login/login.service';
import { LoginThrottle } from './login/login-throttle';
import { MailModule } from './mail/mail.module';
import { PasswordHasher } from './passwords/password-hasher';
import { PasswordsHandlers } from './passwords/passwords.handlers';
import { PasswordsService } from './passwords/passwords.service';
import { Device } from './security-codes/device.entity';
import { LoginChallenge } from './security-codes/login-challenge.entity';
import { SecurityCodesRepository } from './security-codes/security-codes.repository';
import { SecurityCodesService } from './security-codes/security-codes.service';
import { RefreshToken, Session } from './sessions/session.entity';
import { SessionsHandlers } from './sessions/sessions.handlers';
import { SessionsRepository } from './sessions/sessions.repository';
import { SessionsService } from './sessions/sessions.service';
import { User } from './users/user.entity';
import { UsersHandlers } from './users/users.handlers';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';

export const authEntities = [User, Session, RefreshToken, Device, LoginChallenge, EmailToken, SigningKey];

@Module({
  imports: [TypeOrmModule.forFeature(authEntities), MailModule],
  controllers: [KeysHandlers, UsersHandlers, LoginHandlers, SessionsHandlers, PasswordsHandlers, GoogleHandlers],
  providers: [
    AuthRedis,
    SigningKeysRepository,
    KeysService,
    PasswordHasher,
    EmailTokensRepository,
    EmailTokensService,
    LoginThrottle,
    SecurityCodesRepository,
    SecurityCodesService,
    SessionsRepository,
    SessionsService,
    LoginService,
    UsersRepository,
    UsersService,
    PasswordsService,
  ],
  exports: [UsersService, UsersRepository],
})
export class AccountsModule {}
