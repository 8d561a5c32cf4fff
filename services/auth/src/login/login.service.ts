import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type LoginAnswer, type LoginSuccess, type RpcRequest } from '@visualnotes/contracts';
import { PasswordHasher } from '../passwords/password-hasher';
import { SecurityCodesService } from '../security-codes/security-codes.service';
import { SessionsService } from '../sessions/sessions.service';
import { UsersRepository, type UserStore } from '../users/users.repository';
import { LoginThrottle } from './login-throttle';

@Injectable()
export class LoginService {
  constructor(
    @Inject(UsersRepository) private readonly users: Pick<UserStore, 'findByEmail' | 'findById' | 'replacePasswordHash'>,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly codes: SecurityCodesService,
    private readonly sessions: SessionsService,
  ) {}

  async login(req: RpcRequest<'auth.login'>): Promise<LoginAnswer> {
    const { email, fingerprint, password } = req;
    const ip = req.client.ip;
    await this.throttle.begin(email, ip);
    const user = await this.users.findByEmail(email);
    const ok = await this.hasher.verify(user?.passwordHash, password);
    if (!user || !ok) {
      await this.throttle.failed(email);
      throw new DomainError('LOGIN_FAILED');
    }
    await this.throttle.succeeded(email, ip);
    if (!user.activatedAt) throw new DomainError('ACCOUNT_NOT_ACTIVATED');
    if (this.hasher.needsRehash(user.passwordHash!)) {
      await this.users.replacePasswordHash(user.id, await this.hasher.hash(password));
    }
    const trusted = !(await this.throttle.underAttack(email)) && (await this.codes.isKnownDevice(user.id, fingerprint));
    if (trusted) return this.sessions.start(user, req.client);
    // each code is a mail to the owner and 5 guesses: a few per account and window, then 429
    await this.throttle.newDeviceCode(user.id);
    return this.codes.challenge(user, fingerprint);
  }

  async securityCode(req: RpcRequest<'auth.login.securityCode'>): Promise<LoginSuccess> {
    const userId = await this.codes.verify(req.challenge, req.code);
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError('SECURITY_CODE_EXPIRED');
    return this.sessions.start(user, req.client);
  }
}
