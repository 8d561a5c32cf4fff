// A local OpenID provider (oidc-provider, with its development login screens) standing in for
// Google in tests. Usage: node oidc-provider.mjs <client_id> <client_secret> <redirect_uri>
// Prints `ready <issuer>` once listening on a free local port.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const [clientId, clientSecret, redirectUri] = process.argv.slice(2);
const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  // login "<name>" signs in <name>@example.test; "unverified-..." has an unverified e-mail
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      async claims() {
        return { sub: `google-${id}`, email: `${id}@example.test`, email_verified: !id.startsWith('unverified'), name: `Google ${id}` };
      },
    };
  },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  routes: { userinfo: '/userinfo' },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
});
provider.on('server_error', (_ctx, err) => console.error('oidc server_error', err));
server.on('request', provider.callback());
console.log(`ready ${issuer}`);
