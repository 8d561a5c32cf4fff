import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import type { ActivationClaims, PublicKeyView } from '@visualnotes/contracts';
import type { LicenseConfig } from '../config';
import { SigningKeysRepository } from './signing-keys.repository';

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * Signs activation tokens with the service's Ed25519 key (compact JWS, alg EdDSA). The desktop app
 * keeps the public key (`GET /api/licenses/public-key`) and verifies tokens offline. The key comes
 * from LICENSE_SIGNING_KEY, else it is generated once and kept in the database, so every copy of the
 * service signs with the same key.
 */
@Injectable()
export class ActivationSigner implements OnModuleInit {
  private privateKey!: KeyObject;
  private publicKey!: KeyObject;
  private kid!: string;

  constructor(
    @Inject(SigningKeysRepository) private readonly keys: Pick<SigningKeysRepository, 'keep'>,
    @Inject(SERVICE_CONFIG) private readonly config: LicenseConfig,
  ) {}

  async onModuleInit() {
    let pem = this.config.LICENSE_SIGNING_KEY?.replace(/\\n/g, '\n');
    if (!pem) {
      const { privateKey, publicKey } = generateKeyPairSync('ed25519');
      const candidate = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
      const pub = publicKey.export({ format: 'pem', type: 'spki' }).toString();
      // the first copy to start wins; the others read its key
      pem = await this.keys.keep('activation', { privatePem: candidate, publicPem: pub });
    }
    this.privateKey = createPrivateKey(pem);
    if (this.privateKey.asymmetricKeyType !== 'ed25519') throw new Error('LICENSE_SIGNING_KEY must be an Ed25519 private key');
    this.publicKey = createPublicKey(this.privateKey);
    const spki = this.publicKey.export({ format: 'der', type: 'spki' });
    this.kid = createHash('sha256').update(spki).digest('base64url').slice(0, 16);
  }

  sign(claims: ActivationClaims): string {
    const header = b64url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT', kid: this.kid }));
    const payload = b64url(JSON.stringify(claims));
    const signature = sign(null, Buffer.from(`${header}.${payload}`), this.privateKey);
    return `${header}.${payload}.${b64url(signature)}`;
  }

  /** What the desktop app does offline; here for tests and support. */
  verify(token: string): ActivationClaims | null {
    const [header, payload, signature] = token.split('.');
    if (!header || !payload || !signature) return null;
    const ok = verify(null, Buffer.from(`${header}.${payload}`), this.publicKey, Buffer.from(signature, 'base64url'));
    return ok ? (JSON.parse(Buffer.from(payload, 'base64url').toString()) as ActivationClaims) : null;
  }

  publicKeyView(): PublicKeyView {
    const jwk = this.publicKey.export({ format: 'jwk' }) as { x: string };
    return {
      kid: this.kid,
      alg: 'EdDSA',
      jwk: { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid: this.kid, alg: 'EdDSA', use: 'sig' },
      pem: this.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    };
  }
}
