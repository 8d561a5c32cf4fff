import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import * as argon2 from 'argon2';
import type { AuthConfig } from '../config';

/** Argon2id with the configured cost (at least OWASP's m = 19 MiB, t = 2, p = 1). */
@Injectable()
export class PasswordHasher {
  private readonly options: argon2.HashOptions;
  /** Verified when the account does not exist, so that the answer takes the same time. */
  private dummy?: Promise<string>;

  constructor(@Inject(SERVICE_CONFIG) config: AuthConfig) {
    this.options = { type: argon2.argon2id, memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST, parallelism: 1 };
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, { ...this.options, raw: false });
  }

  /** False for a missing hash too, after the same work as a real check. */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) {
      this.dummy ??= this.hash('dummy password 0');
      await argon2.verify(await this.dummy, password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  needsRehash(hash: string): boolean {
    return argon2.needsRehash(hash, this.options);
  }
}
