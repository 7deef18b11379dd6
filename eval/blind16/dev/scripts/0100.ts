// e2e/support/mock-oauth.ts
//
// Minimal OAuth 2.0 / OIDC provider for end-to-end tests of the login flow.
// Runs inside the Playwright worker on 127.0.0.1 with a random port and
// implements just enough: discovery document, /authorize (auto-approves the
// configured test user and redirects back with a code), /token (exchanges the
// code, supports PKCE S256), /userinfo and a JWKS endpoint. Tokens are signed
// with an RSA key generated in memory per run; nothing is written to disk and no
// real identity provider is contacted. The web app is pointed at it through
// OIDC_ISSUER in the test environment.
import { createHash, createSign, generateKeyPairSync, randomBytes, KeyObject } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface TestUser {
  sub: string;
  email: string;
  name: string;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge?: string;
  nonce?: string;
  user: TestUser;
  expires: number;
}

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

export class MockOAuthServer {
  private server: Server | null = null;
  private codes = new Map<string, PendingCode>();
  private accessTokens = new Map<string, TestUser>();
  private readonly privateKey: KeyObject;
  private readonly publicJwk: Record<string, string>;
  private readonly kid = randomBytes(6).toString('hex');
  issuer = '';
  user: TestUser = { sub: 'user-123', email: 'tester@trailmix.example.com', name: 'Test Hiker' };

  constructor(private readonly clientId = 'trailmix-web-e2e') {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = privateKey;
    this.publicJwk = { ...(publicKey.export({ format: 'jwk' }) as Record<string, string>), kid: this.kid, alg: 'RS256', use: 'sig' };
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.route(req, res).catch((err) => this.json(res, 500, { error: 'server_error', detail: String(err) }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.issuer;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
    this.codes.clear();
    this.accessTokens.clear();
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.issuer);
    switch (url.pathname) {
      case '/.well-known/openid-configuration':
        return this.json(res, 200, {
          issuer: this.issuer,
          authorization_endpoint: `${this.issuer}/authorize`,
          token_endpoint: `${this.issuer}/token`,
          userinfo_endpoint: `${this.issuer}/userinfo`,
          jwks_uri: `${this.issuer}/jwks`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
          id_token_signing_alg_values_supported: ['RS256'],
        });
      case '/jwks':
        return this.json(res, 200, { keys: [this.publicJwk] });
      case '/authorize':
        return this.authorize(url, res);
      case '/token':
        return this.token(await this.form(req), res);
      case '/userinfo':
        return this.userinfo(req, res);
      default:
        return this.json(res, 404, { error: 'not_found' });
    }
  }

  private authorize(url: URL, res: ServerResponse): void {
    const p = url.searchParams;
    if (p.get('client_id') !== this.clientId) return this.json(res, 400, { error: 'unauthorized_client' });
    const redirectUri = p.get('redirect_uri') ?? '';
    if (!redirectUri.startsWith('http://127.0.0.1') && !redirectUri.startsWith('http://localhost')) {
      return this.json(res, 400, { error: 'invalid_redirect_uri' });
    }
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, {
      clientId: this.clientId,
      redirectUri,
      challenge: p.get('code_challenge') ?? undefined,
      nonce: p.get('nonce') ?? undefined,
      user: { ...this.user },
      expires: Date.now() + 60_000,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    if (p.get('state')) back.searchParams.set('state', p.get('state')!);
    res.writeHead(302, { location: back.toString() }).end();
  }

  private token(form: URLSearchParams, res: ServerResponse): void {
    const code = form.get('code') ?? '';
    const pending = this.codes.get(code);
    this.codes.delete(code);
    if (!pending || pending.expires < Date.now()) return this.json(res, 400, { error: 'invalid_grant' });
    if (form.get('redirect_uri') !== pending.redirectUri) return this.json(res, 400, { error: 'invalid_grant' });
    if (pending.challenge) {
      const verifier = form.get('code_verifier') ?? '';
      const computed = b64url(createHash('sha256').update(verifier).digest());
      if (computed !== pending.challenge) return this.json(res, 400, { error: 'invalid_grant', detail: 'pkce' });
    }
    const accessToken = randomBytes(24).toString('hex');
    this.accessTokens.set(accessToken, pending.user);
    const now = Math.floor(Date.now() / 1000);
    const idToken = this.sign({
      iss: this.issuer,
      aud: pending.clientId,
      sub: pending.user.sub,
      email: pending.user.email,
      name: pending.user.name,
      nonce: pending.nonce,
      iat: now,
      exp: now + 300,
    });
    this.json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 300, id_token: idToken });
  }

  private userinfo(req: IncomingMessage, res: ServerResponse): void {
    const auth = req.headers.authorization ?? '';
    const user = this.accessTokens.get(auth.replace(/^Bearer\s+/i, ''));
    if (!user) return this.json(res, 401, { error: 'invalid_token' });
    this.json(res, 200, user);
  }

  private sign(payload: Record<string, unknown>): string {
    const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: this.kid }));
    const body = b64url(JSON.stringify(payload));
    const signer = createSign('RSA-SHA256');
    signer.update(`${header}.${body}`);
    return `${header}.${body}.${b64url(signer.sign(this.privateKey))}`;
  }

  private async form(req: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  }
}
