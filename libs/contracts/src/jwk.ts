/** A JSON Web Key as served by `auth.keys` (only the public members). */
export interface JWK {
  kty: string;
  crv?: string;
  x?: string;
  kid?: string;
  alg?: string;
  use?: string;
  [member: string]: unknown;
}
