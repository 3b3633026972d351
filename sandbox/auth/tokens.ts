import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { SandboxStore } from '../store';

export interface Claims {
  companyId: string;
  scopes: Set<string>;
  scope: string;
  vendorKey: string | null;
  exp: number;
  clientId: string;
}

type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'token_invalid' | 'token_expired' };

interface KeyRow {
  id: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

const ALG = 'ES256';
const ISSUER = 'einvoice-sandbox';

/**
 * Signs and verifies access tokens (ES256 JWTs). The key pair is made once and kept in the store,
 * so tokens stay valid across a restart of a persisted sandbox. Verified tokens are cached so a
 * request costs a map lookup, not an ECDSA verification.
 */
export class TokenService {
  private readonly cache = new Map<string, Claims>();
  private constructor(
    private readonly key: CryptoKey | Uint8Array,
    private readonly publicKey: CryptoKey | Uint8Array,
    readonly jwk: JWK,
    private readonly now: () => number,
  ) {}

  static async create(store: SandboxStore, now: () => number): Promise<TokenService> {
    const keys = store.table<KeyRow>('keys');
    let row = keys.get('signing');
    if (!row) {
      const pair = await generateKeyPair(ALG, { extractable: true });
      const kid = randomUUID();
      const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: ALG, use: 'sig' };
      const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: ALG };
      row = keys.put({ id: 'signing', privateJwk, publicJwk });
    }
    const priv = await importJWK(row.privateJwk, ALG);
    const pub = await importJWK(row.publicJwk, ALG);
    return new TokenService(priv, pub, row.publicJwk, now);
  }

  async issue(companyId: string, scopes: string[], vendorKey: string | null, lifetimeSec: number): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ scope: scopes.join(' '), client_id: companyId, ...(vendorKey ? { vendor: vendorKey } : {}) })
      .setProtectedHeader({ alg: ALG, kid: this.jwk.kid as string, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(companyId)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + lifetimeSec)
      .sign(this.key);
  }

  async verify(token: string, expand: (s: string[]) => Set<string>): Promise<VerifyResult> {
    const nowSec = this.now() / 1000;
    const cached = this.cache.get(token);
    if (cached) return cached.exp <= nowSec ? { ok: false, reason: 'token_expired' } : { ok: true, claims: cached };
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        issuer: ISSUER,
        algorithms: [ALG],
        currentDate: new Date(this.now()),
      });
      const scope = typeof payload.scope === 'string' ? payload.scope : '';
      const names = scope.split(' ').filter(Boolean);
      const claims: Claims = {
        companyId: String(payload.sub),
        clientId: String(payload.client_id ?? payload.sub),
        scope,
        scopes: expand(names),
        vendorKey: typeof payload.vendor === 'string' ? payload.vendor : null,
        exp: Number(payload.exp),
      };
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(token, claims);
      return { ok: true, claims };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) return { ok: false, reason: 'token_expired' };
      return { ok: false, reason: 'token_invalid' };
    }
  }
}
