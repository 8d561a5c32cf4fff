import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import type { AccessClaims, JWK } from '@visualnotes/contracts';
import { importJWK, SignJWT, type CryptoKey, type KeyObject } from 'jose';
import type { AuthConfig } from '../config';
import { SigningKeysRepository } from './signing-keys.repository';

export const TOKEN_ISSUER = 'visualnotes-auth';
export const TOKEN_AUDIENCE = 'visualnotes';

/**
 * The access-token signing key (EdDSA, Ed25519). The first copy of the service creates it under an
 * advisory lock so that copies starting together agree on one key; every copy then signs with it.
 */
@Injectable()
export class KeysService implements OnModuleInit {
  private current?: { kid: string; key: CryptoKey | KeyObject | Uint8Array };
  private publicKeys: JWK[] = [];

  constructor(
    private readonly keys: SigningKeysRepository,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
  ) {}

  async onModuleInit() {
    await this.keys.ensureActive(() => {
      const { publicKey, privateKey } = generateKeyPairSync('ed25519');
      const kid = randomUUID();
      const meta = { kid, alg: 'EdDSA', use: 'sig' };
      return { kid, publicJwk: { ...publicKey.export({ format: 'jwk' }), ...meta }, privateJwk: { ...privateKey.export({ format: 'jwk' }), ...meta } };
    });
    await this.load();
  }

  private async load() {
    const keys = await this.keys.all();
    const active = keys.find((k) => !k.retiredAt)!;
    this.current = { kid: active.kid, key: await importJWK(active.privateJwk as JWK, 'EdDSA') };
    // retired keys stay published until the tokens they signed have expired
    this.publicKeys = keys.map((k) => k.publicJwk as JWK);
  }

  jwks(): { keys: JWK[] } {
    return { keys: this.publicKeys };
  }

  async sign(claims: AccessClaims): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'EdDSA', kid: this.current!.kid, typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.config.ACCESS_TOKEN_TTL_S}s`)
      .sign(this.current!.key);
  }
}
