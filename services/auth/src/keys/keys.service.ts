import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SERVICE_CONFIG } from '@visualnotes/common';
import type { AccessClaims, JWK } from '@visualnotes/contracts';
import { importJWK, SignJWT, type CryptoKey, type KeyObject } from 'jose';
import { IsNull, type DataSource } from 'typeorm';
import type { AuthConfig } from '../config';
import { SigningKey } from './signing-key.entity';

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
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
  ) {}

  async onModuleInit() {
    await this.ds.transaction(async (em) => {
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['auth:signing-key']);
      const existing = await em.getRepository(SigningKey).count({ where: { retiredAt: IsNull() } });
      if (existing === 0) {
        const { publicKey, privateKey } = generateKeyPairSync('ed25519');
        const kid = randomUUID();
        const meta = { kid, alg: 'EdDSA', use: 'sig' };
        await em.getRepository(SigningKey).insert({
          kid,
          publicJwk: { ...publicKey.export({ format: 'jwk' }), ...meta },
          privateJwk: { ...privateKey.export({ format: 'jwk' }), ...meta },
        });
      }
    });
    await this.load();
  }

  private async load() {
    const keys = await this.ds.getRepository(SigningKey).find({ order: { createdAt: 'DESC' } });
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
