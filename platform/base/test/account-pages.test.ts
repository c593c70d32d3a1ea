import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

describe('account pages in the visitor\'s language (sign in, sign up, sign out, reset)', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true });
  });
  after(async () => tk?.stop());

  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  it('are in French under /fr: content, tab titles and links', async () => {
    const client = new RpcClient(tk.url);
    const login = await (await client.get('/fr/web/login')).text();
    expect(title(login)).to.equal('Se connecter | My Website');
    expect(login).to.contain('lang="fr-FR"').and.contain('E-mail ou identifiant').and.contain('Mot de passe oublié ?')
      .and.contain('action="/fr/web/login"').and.contain('href="/fr/web/reset_password"');
    const signup = await (await client.get('/fr/web/signup')).text();
    expect(title(signup)).to.equal("S&#x27;inscrire | My Website");
    expect(signup).to.contain('Créer un compte').and.contain('Confirmez le mot de passe').and.contain('action="/fr/web/signup"');
    expect(title(await (await client.get('/fr/web/reset_password')).text())).to.equal('Réinitialiser votre mot de passe | My Website');
    await client.authenticate('admin', ADMIN_PASSWORD);
    const logout = await (await client.get('/fr/web/session/logout')).text();
    expect(title(logout)).to.equal('Se déconnecter | My Website');
    expect(logout).to.contain('Voulez-vous vous déconnecter ?');
  });

  it('show the server\'s errors in French', async () => {
    const client = new RpcClient(tk.url);
    const csrf_token = await client.csrfFrom('/fr/web/login');
    const wrong = await client.postForm('/fr/web/login', { csrf_token, login: 'admin', password: 'not-the-password', redirect: '/' });
    expect(wrong.status).to.equal(401);
    expect(await wrong.text()).to.contain('Identifiant ou mot de passe incorrect');
    const taken = await client.postForm('/fr/web/signup', { csrf_token, name: 'Admin', login: 'admin', password: 'password-123', confirm_password: 'password-123', redirect: '/' });
    expect(await taken.text()).to.contain('Un autre utilisateur est déjà inscrit avec cet identifiant.');
    const short = await client.postForm('/fr/web/signup', { csrf_token, name: 'Short', login: 'short@example.com', password: 'short', confirm_password: 'short', redirect: '/' });
    expect(await short.text()).to.contain('Le mot de passe doit comporter au moins 8 caractères');
  });

  it('are in French for a visitor whose language cookie says French', async () => {
    const res = await fetch(`${tk.url}/web/login`, { headers: { Cookie: 'frontend_lang=fr_FR' } });
    const html = await res.text();
    expect(title(html)).to.equal('Se connecter | My Website');
    expect(html).to.contain('Mot de passe oublié ?');
  });

  it('are in English without prefix nor cookie', async () => {
    const html = await (await new RpcClient(tk.url).get('/web/login')).text();
    expect(title(html)).to.equal('Sign in | My Website');
    expect(html).to.contain('Forgot password?').and.contain('class="form-control"').and.contain('class="btn btn-primary w-100"');
  });
});
