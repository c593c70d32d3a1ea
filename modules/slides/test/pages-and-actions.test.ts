import { expect } from 'chai';
import { SmtpSink } from '@modules/mass_mailing/test/support';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { ALREADY_VOTED_MESSAGE, INVALID_EMAIL_MESSAGE, LOGIN_TO_VOTE_MESSAGE, SLIDE_MODEL, ShareMails, slideUrls } from '../index';
import { pageWindow } from '../web/pages/channel-page';
import { demoIds, userClient } from './slides-fixture';

describe('slides: pages, votes, embeds, sharing and access by channel visibility', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let sink: SmtpSink;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let employee: RpcClient;
  let portal: RpcClient;
  let portalUid = 0;
  const visitor = () => new RpcClient(tk.url);
  const slide = async (id: number, fields: string[]) => (await tk.sudo().model(SLIDE_MODEL).read([id], fields))[0];

  before(async () => {
    sink = await new SmtpSink().start();
    tk = await bootTestKernel({ modules: ['slides'], http: true, demo: true, config: { smtpUrl: sink.url } });
    ids = await demoIds(tk);
    employee = (await userClient(tk, 'employee', ['base.group_user'])).client;
    ({ client: portal, uid: portalUid } = await userClient(tk, 'portal', ['base.group_portal']));
  });
  after(async () => {
    await tk?.stop();
    await sink?.stop();
  });

  describe('pages', () => {
    it('/slides lists the channels a caller sees (one channel: straight to it)', async () => {
      const v = await visitor().get('/slides');
      expect(v.status).to.equal(200);
      const visible = await v.text();
      expect(visible).to.contain('Getting started').and.contain('Partner resources').and.not.contain('Team handbook');
      const e = await employee.get('/slides');
      expect(e.status).to.equal(200);
      expect(await e.text()).to.contain('Getting started').and.contain('Team handbook');
      const partners = Number((await tk.sudo().model('slide.channel').search_read([['name', '=', 'Partner resources']], ['id']))[0].id);
      await tk.sudo().model('slide.channel').write([partners], { website_published: false });
      try {
        const one = await visitor().get('/slides');
        expect(one.status).to.equal(302);
        expect(one.headers.get('location')).to.match(/\/slides\/getting-started-\d+$/);
      } finally {
        await tk.sudo().model('slide.channel').write([partners], { website_published: true });
      }
    });

    it('a channel page sorts, searches and filters, 12 slides a page', async () => {
      const su = tk.sudo();
      for (let i = 1; i <= 14; i++) {
        await su.model(SLIDE_MODEL).create({ name: `Extra ${String(i).padStart(2, '0')}`, channel_id: ids.channel, slide_type: 'document', website_published: true, date_published: `2026-01-${String(i).padStart(2, '0')} 10:00:00`, slide_views: i });
      }
      const url = slideUrls.channel({ id: ids.channel, name: 'Getting started' });
      const first = (await (await visitor().get(url)).text()).replace(/<!-- -->/g, '');
      expect(first.match(/class="card h-100 slide-card"/g)).to.have.length(12);
      expect(first).to.contain('18 slides').and.contain('Featured');
      const second = await (await visitor().get(`${url}?page=2`)).text();
      expect(second.match(/class="card h-100 slide-card"/g)).to.have.length(6);
      const byViews = await (await visitor().get(`${url}?sorting=view`)).text();
      expect(byViews.indexOf('A tour of the site')).to.be.lessThan(byViews.indexOf('Extra 14'));
      const search = (await (await visitor().get(`${url}?search=half-year`)).text()).replace(/<!-- -->/g, '');
      expect(search).to.contain('1 results for').and.contain('Visitors per month').and.not.contain('Extra 01');
      const typed = await (await visitor().get(`${url}?slide_type=video`)).text();
      expect(typed.match(/class="card h-100 slide-card"/g)).to.have.length(1);
      // A bad query value is a 400 page, never a 500.
      expect((await visitor().get(`${url}?sorting=%27;drop`)).status).to.equal(400);
    });

    it('pages the pager itself: first, last and three around the current page', () => {
      expect(pageWindow(1, 3)).to.deep.equal([1, 2, 3]);
      expect(pageWindow(10, 40)).to.deep.equal([1, null, 7, 8, 9, 10, 11, 12, 13, null, 40]);
    });

    it('a slide page counts one view per session, and shows dates older than 7 days as dates', async () => {
      const before = Number((await slide(ids.tour, ['slide_views'])).slide_views);
      const reader = visitor();
      const html = await (await reader.get(slideUrls.slide({ id: ids.tour, name: 'x' }))).text();
      await reader.get(slideUrls.slide({ id: ids.tour, name: 'x' }));
      expect(Number((await slide(ids.tour, ['slide_views'])).slide_views)).to.equal(before + 1);
      expect(html).to.contain('2 days ago').and.contain('data-island="slides.pdf_viewer"').and.contain('data-island="slides.slide_actions"');
      const guide = await (await reader.get(slideUrls.slide({ id: ids.guide, name: 'x' }))).text();
      expect(guide).to.match(/class="slide-date">\d{2}\/\d{2}\/\d{4}</);
    });

    it('a video slide shows the site\'s own poster and loads the provider\'s player only on demand; its embed code is the player\'s', async () => {
      const html = await (await visitor().get(slideUrls.slide({ id: ids.video, name: 'x' }))).text();
      expect(html).to.contain('data-island="slides.video_player"').and.contain(`/web/image/slide.slide/${ids.video}/image`);
      expect(html).to.contain('https://www.youtube.com/embed/a8Ob3wrd8ik?theme=light').and.not.match(/<iframe/);
      expect(html).to.contain('&quot;embedUrl&quot;:&quot;https://www.youtube.com/embed/a8Ob3wrd8ik?theme=light&quot;');
    });

    it('serves the PDF to whoever sees the slide in full', async () => {
      const res = await visitor().get(slideUrls.pdf(ids.tour));
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('application/pdf');
      expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString()).to.equal('%PDF-');
    });
  });

  describe('access by channel visibility', () => {
    it('private: visitors and portal users get a 404 for the channel, its slides and its file; members see them', async () => {
      const channelUrl = slideUrls.channel({ id: ids.privateChannel, name: 'Team handbook' });
      for (const client of [visitor(), portal]) {
        expect((await client.get(channelUrl)).status).to.equal(404);
        expect((await client.get(slideUrls.slide({ id: ids.handbook, name: 'x' }))).status).to.equal(404);
        expect((await client.get(slideUrls.pdf(ids.handbook))).status).to.equal(404);
        expect((await client.get(slideUrls.embed(ids.handbook))).status).to.equal(404);
      }
      expect((await employee.get(channelUrl)).status).to.equal(200);
      expect((await employee.get(slideUrls.pdf(ids.handbook))).status).to.equal(200);
      // A member through a group implying the channel's (a publisher is an employee).
      const { client: publisher } = await userClient(tk, 'member_publisher', ['website.group_website_publisher']);
      expect((await publisher.get(channelUrl)).status).to.equal(200);
      expect((await publisher.get(slideUrls.slide({ id: ids.handbook, name: 'x' }))).status).to.equal(200);
      expect((await publisher.get(slideUrls.pdf(ids.handbook))).status).to.equal(200);
    });

    it('the record rules hold through call_kw, also on dotted paths (category of a private channel, votes of others)', async () => {
      const v = visitor();
      const names = await v.callKw<Array<{ name: string }>>(SLIDE_MODEL, 'search_read', [[]], { fields: ['name'] });
      expect(names.map((n) => n.name)).to.not.include('Team handbook');
      expect(await v.callKw(SLIDE_MODEL, 'search_count', [[['channel_id.name', '=', 'Team handbook']]])).to.equal(0);
      expect(await employee.callKw(SLIDE_MODEL, 'search_count', [[['channel_id.name', '=', 'Team handbook']]])).to.equal(1);
      const write = await employee.rpc('/web/dataset/call_kw', { model: SLIDE_MODEL, method: 'write', args: [[ids.tour], { likes: 1000 }], kwargs: {} });
      expect(write.error?.data.name).to.equal('AccessError');
      const create = await portal.rpc('/web/dataset/call_kw', { model: 'slide.vote', method: 'create', args: [{ slide_id: ids.tour, user_id: portalUid, vote: '1' }], kwargs: {} });
      expect(create.error?.data.name).to.equal('AccessError');
      expect((await v.rpc('/web/dataset/call_kw', { model: 'slide.embed', method: 'search_read', args: [[]], kwargs: {} })).error?.data.name).to.equal('AccessError');
    });

    it('partial: everybody sees the slide\'s page and description, only members its content', async () => {
      await tk.sudo().model('slide.channel').write([ids.channel], { visibility: 'partial', access_error_msg: 'Join the channel to read it.' });
      try {
        const page = await visitor().get(slideUrls.slide({ id: ids.tour, name: 'x' }));
        expect(page.status).to.equal(200);
        const html = await page.text();
        expect(html).to.contain('Join the channel to read it.').and.not.contain('data-island="slides.pdf_viewer"');
        expect((await visitor().get(slideUrls.pdf(ids.tour))).status).to.equal(403);
        expect((await visitor().get(slideUrls.embed(ids.tour))).status).to.equal(403);
      } finally {
        await tk.sudo().model('slide.channel').write([ids.channel], { visibility: 'public' });
      }
    });

    it('unpublished slides: hidden from visitors, shown to their uploader and to publishers', async () => {
      const id = await tk.sudo().model(SLIDE_MODEL).create({ name: 'Draft deck', channel_id: ids.channel, website_published: false });
      expect((await visitor().get(slideUrls.slide({ id, name: 'x' }))).status).to.equal(404);
      expect((await portal.get(slideUrls.slide({ id, name: 'x' }))).status).to.equal(404);
      const { client: publisher } = await userClient(tk, 'publisher', ['website.group_website_publisher']);
      expect((await publisher.get(slideUrls.slide({ id, name: 'x' }))).status).to.equal(200);
    });
  });

  describe('votes', () => {
    it('asks visitors to sign in', async () => {
      const answer = await visitor().rpc(slideUrls.like, { slide_id: ids.guide });
      expect(answer.error?.data.message).to.equal(LOGIN_TO_VOTE_MESSAGE);
      const html = await (await visitor().get(slideUrls.slide({ id: ids.guide, name: 'x' }))).text();
      expect(html).to.contain('&quot;signedIn&quot;:false').and.contain('/web/login?redirect=');
    });

    it('counts one vote per user and slide: a second like or a dislike after it is refused', async () => {
      const before = Number((await slide(ids.guide, ['likes'])).likes);
      expect(await portal.call(slideUrls.like, { slide_id: ids.guide })).to.equal(before + 1);
      const again = await portal.rpc(slideUrls.like, { slide_id: ids.guide });
      expect(again.error?.data.message).to.equal(ALREADY_VOTED_MESSAGE);
      const other = await portal.rpc(slideUrls.dislike, { slide_id: ids.guide });
      expect(other.error?.data.message).to.equal(ALREADY_VOTED_MESSAGE);
      expect(await slide(ids.guide, ['likes', 'dislikes'])).to.include({ likes: before + 1, dislikes: 0 });
      expect(await employee.call(slideUrls.dislike, { slide_id: ids.guide })).to.equal(1);
    });

    it('holds under parallel requests: 12 at once from one user count once', async () => {
      const { client } = await userClient(tk, 'racer', ['base.group_portal']);
      const before = Number((await slide(ids.video, ['likes'])).likes);
      const answers = await Promise.all(Array.from({ length: 12 }, () => client.rpc(slideUrls.like, { slide_id: ids.video })));
      expect(answers.filter((a) => a.result !== undefined)).to.have.length(1);
      expect(answers.filter((a) => a.error?.data.message === ALREADY_VOTED_MESSAGE)).to.have.length(11);
      expect(Number((await slide(ids.video, ['likes'])).likes)).to.equal(before + 1);
      expect(await tk.sudo().model('slide.vote').search_count([['slide_id', '=', ids.video]])).to.equal(1);
    });

    it('works without JavaScript: the buttons post a form; visitors are sent to sign in; a second vote is named', async () => {
      const url = slideUrls.slide({ id: ids.tour, name: 'A tour of the site' });
      const v = visitor();
      const vToken = await v.csrfFrom(url);
      const toLogin = await v.postForm(slideUrls.voteForm(ids.tour), { csrf_token: vToken, vote: '1' });
      expect(toLogin.status).to.equal(303);
      expect(toLogin.headers.get('location')).to.equal(`/web/login?redirect=${encodeURIComponent(url)}`);
      const { client } = await userClient(tk, 'nojs', ['base.group_portal']);
      const token = await client.csrfFrom(url);
      const before = Number((await slide(ids.tour, ['dislikes'])).dislikes);
      const first = await client.postForm(slideUrls.voteForm(ids.tour), { csrf_token: token, vote: '-1' });
      expect(first.headers.get('location')).to.equal(`${url}?notice=voted`);
      const second = await client.postForm(slideUrls.voteForm(ids.tour), { csrf_token: token, vote: '1' });
      expect(second.headers.get('location')).to.equal(`${url}?notice=already_voted`);
      expect(Number((await slide(ids.tour, ['dislikes'])).dislikes)).to.equal(before + 1);
      const page = await (await client.get(`${url}?notice=already_voted`)).text();
      expect(page).to.contain(ALREADY_VOTED_MESSAGE);
      expect((await client.postForm(slideUrls.voteForm(ids.tour), { csrf_token: token, vote: '5' })).status).to.equal(400);
    });

    it('refuses a vote on a slide the voter cannot see', async () => {
      const answer = await portal.rpc(slideUrls.like, { slide_id: ids.handbook });
      expect(answer.error?.data.name).to.equal('MissingError');
    });
  });

  describe('embed', () => {
    it('counts embeds per referring host, and lets other sites frame this page only', async () => {
      const load = (referer?: string) => visitor().fetch(slideUrls.embed(ids.tour, 2), { headers: referer ? { Referer: referer } : {} });
      const first = await load('https://blog.example.com/post/1');
      expect(first.status).to.equal(200);
      expect(first.headers.get('content-security-policy')).to.contain('frame-ancestors *');
      expect(first.headers.get('x-frame-options')).to.equal(null);
      const html = await first.text();
      expect(html).to.contain('&quot;initialPage&quot;:2').and.not.contain('site-header');
      await load('https://blog.example.com/post/2');
      await load('https://wiki.example.org/');
      await load(`${tk.url}/slides`);
      await load();
      const rows = await tk.sudo().model('slide.embed').search_read([['slide_id', '=', ids.tour]], ['url', 'count_views'], { order: 'url' });
      expect(rows.map((r) => [r.url, r.count_views])).to.deep.equal([['blog.example.com', 2], ['wiki.example.org', 1]]);
      expect(Number((await slide(ids.tour, ['embed_views'])).embed_views)).to.be.at.least(1);
      // Every other page keeps the site's framing rules.
      const normal = await visitor().get(slideUrls.slide({ id: ids.tour, name: 'x' }));
      expect(normal.headers.get('content-security-policy')).to.contain("frame-ancestors 'self'");
      expect(normal.headers.get('x-frame-options')).to.equal('SAMEORIGIN');
    });

    it('keeps at most 500 referring hosts per slide: forged Referer headers cannot grow the table', async () => {
      const db = tk.sudo().db;
      const now = '2026-01-01 00:00:00';
      await db('slide_embed').insert(Array.from({ length: 498 }, (_, i) => ({ slide_id: ids.guide, url: `h${i}.example.net`, count_views: 1, create_date: now, write_date: now })));
      for (const host of ['new1.example.com', 'new2.example.com', 'new3.example.com']) await visitor().fetch(slideUrls.embed(ids.guide), { headers: { Referer: `https://${host}/` } });
      await visitor().fetch(slideUrls.embed(ids.guide), { headers: { Referer: 'https://h0.example.net/' } });
      expect(await tk.sudo().model('slide.embed').search_count([['slide_id', '=', ids.guide]])).to.equal(500);
      const [h0] = await tk.sudo().model('slide.embed').search_read([['slide_id', '=', ids.guide], ['url', '=', 'h0.example.net']], ['count_views']);
      expect(h0.count_views).to.equal(2);
      // An anonymous frame gets no session made for it.
      const res = await visitor().fetch(slideUrls.embed(ids.guide), { headers: { Referer: 'https://h1.example.net/' } });
      expect(res.headers.get('set-cookie') ?? '').to.not.contain('session_id');
    });

    it('keeps the page number between 1 and the page count, else 1', async () => {
      for (const [page, expected] of [['3', 3], ['9', 1], ['0', 1], ['abc', 1]] as const) {
        const html = await (await visitor().get(`/slides/embed/${ids.tour}?page=${page}`)).text();
        expect(html, page).to.contain(`&quot;initialPage&quot;:${expected}`);
      }
      expect((await visitor().get('/slides/embed/999999')).status).to.equal(404);
    });
  });

  describe('share', () => {
    it('sends the slide by e-mail through the mail queue to a real SMTP server', async () => {
      expect(await employee.call(slideUrls.shareEmail, { slide_id: ids.tour, email: 'friend@example.org' })).to.equal(true);
      await tk.get(ShareMails).kick();
      const deadline = Date.now() + 20_000;
      while (!sink.received.some((m) => m.to === 'friend@example.org') && Date.now() < deadline) await tk.get(ShareMails).kick();
      const mail = sink.received.find((m) => m.to === 'friend@example.org');
      expect(mail?.parsed?.subject).to.equal('Employee shared a presentation with you!');
      expect(mail?.parsed?.text).to.contain(slideUrls.slide({ id: ids.tour, name: 'A tour of the site' }));
    });

    it('refuses an invalid address (naming the field), a visitor, and a slide the sender cannot see', async () => {
      const bad = await employee.rpc(slideUrls.shareEmail, { slide_id: ids.tour, email: 'not-an-address' });
      expect(bad.error?.data).to.have.nested.property('fields.email', INVALID_EMAIL_MESSAGE);
      const empty = await employee.rpc(slideUrls.shareEmail, { slide_id: ids.tour, email: '' });
      expect(empty.error?.data).to.have.nested.property('fields.email', INVALID_EMAIL_MESSAGE);
      expect((await visitor().rpc(slideUrls.shareEmail, { slide_id: ids.tour, email: 'a@example.org' })).error?.data.name).to.equal('AccessError');
      expect((await portal.rpc(slideUrls.shareEmail, { slide_id: ids.handbook, email: 'a@example.org' })).error?.data.name).to.equal('MissingError');
    });

    it('works without JavaScript: a refused address comes back under its field (400), a valid one is queued', async () => {
      const { client } = await userClient(tk, 'plainform', ['base.group_user']);
      const url = slideUrls.slide({ id: ids.guide, name: 'Slide channel guide' });
      const token = await client.csrfFrom(url);
      const refused = await client.postForm(slideUrls.shareEmailForm(ids.guide), { csrf_token: token, email: 'nope' });
      expect(refused.status).to.equal(400);
      const html = await refused.text();
      expect(html).to.contain('&quot;emailError&quot;:&quot;Please enter a valid e-mail address.&quot;').and.contain('is-invalid');
      const sent = await client.postForm(slideUrls.shareEmailForm(ids.guide), { csrf_token: token, email: 'plain@example.org' });
      expect(sent.headers.get('location')).to.equal(`${url}?notice=mail_sent`);
      expect(await (await client.get(`${url}?notice=mail_sent`)).text()).to.contain('Thank you! Mail has been sent.');
      const deadline = Date.now() + 20_000;
      while (!sink.received.some((m) => m.to === 'plain@example.org') && Date.now() < deadline) await tk.get(ShareMails).kick();
      expect(sink.received.some((m) => m.to === 'plain@example.org')).to.equal(true);
    });

    it('rate-limits sharing by e-mail per account', async () => {
      const { client } = await userClient(tk, 'sharer', ['base.group_portal']);
      const answers = [];
      for (let i = 0; i < 12; i++) answers.push(await client.rpc(slideUrls.shareEmail, { slide_id: ids.guide, email: `p${i}@example.org` }));
      // 10 in 10 minutes per address and per account (this test's earlier shares count on the address too).
      expect(answers.filter((a) => a.result === true).length).to.be.at.most(10);
      expect(answers.at(-1)?.error?.data.message).to.match(/too many/i);
    });

    it('counts a share button (once per session) and sends the reader on to the network', async () => {
      const before = Number((await slide(ids.guide, ['share_count'])).share_count);
      const reader = visitor();
      const token = await reader.csrfFrom(slideUrls.slide({ id: ids.guide, name: 'x' }));
      const res = await reader.postForm(slideUrls.share(ids.guide), { csrf_token: token, network: 'linkedin' });
      expect(res.status).to.equal(303);
      expect(res.headers.get('location')).to.match(/^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=http/);
      await reader.postForm(slideUrls.share(ids.guide), { csrf_token: token, network: 'twitter' });
      expect(Number((await slide(ids.guide, ['share_count'])).share_count)).to.equal(before + 1);
      const forged = await reader.postForm(slideUrls.share(ids.guide), { csrf_token: 'forged', network: 'twitter' });
      expect(forged.status).to.be.oneOf([400, 403]);
      expect((await reader.postForm(slideUrls.share(ids.guide), { csrf_token: token, network: 'myspace' })).status).to.equal(400);
    });
  });
});
