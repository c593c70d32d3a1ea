import { inject, injectable } from 'inversify';
import { object, string } from 'yup';
import { SiteUrls } from '@platform/base';
import { AccessError, MissingError, UserError, ValidationError } from '@platform/core';
import { LanguageCatalog, loginUrl, route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { requestDates } from '@platform/web';
import type { PdfViewerProps, SlideActionsProps } from '../../common/page-props';
import { embedPage as embedPageNumber, parseDocumentUrl, slideUrls, videoEmbedUrl } from '../../common/slide-constants';
import { channelQuerySchema, shareEmailFormSchema, shareSchema, slideNoticeSchema, voteFormSchema } from '../../common/slide-schemas';
import { ShareMails } from '../services/share-mails';
import { channelPage } from '../../web/pages/channel-page';
import { channelsPage } from '../../web/pages/channels-page';
import { embedPage, slidePage, type SlidePageProps } from '../../web/pages/slide-page';
import { SlideAccess } from '../services/slide-access';
import { SlideCounters } from '../services/slide-counters';
import { SlidePages, slideDate } from '../services/slide-pages';
import { SlideUploads } from '../services/slide-uploads';
import { SlideVotes } from '../services/slide-votes';
import { slugId } from './slug';

const SHARE_TARGETS: Record<string, (url: string, title: string) => string> = {
  twitter: (url, title) => `https://twitter.com/intent/tweet?text=${encodeURIComponent(title)}&url=${encodeURIComponent(url)}`,
  facebook: (url) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  linkedin: (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
};

/** The slides' pages: channels, a channel, a slide, its file, the embeddable viewer, share buttons. */
@injectable()
export class SlidePageRoutes implements RouteContribution {
  constructor(
    @inject(SlidePages) private readonly pages: SlidePages,
    @inject(SlideAccess) private readonly access: SlideAccess,
    @inject(SlideCounters) private readonly counters: SlideCounters,
    @inject(SlideUploads) private readonly uploads: SlideUploads,
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
    @inject(SiteUrls) private readonly urls: SiteUrls,
    @inject(SlideVotes) private readonly votes: SlideVotes,
    @inject(ShareMails) private readonly mails: ShareMails,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/slides', methods: ['GET'], type: 'http', auth: 'public',
        handler: async (req) => {
          const channels = await this.pages.channels(req.env);
          // One channel: straight to it (as the reference).
          if (channels.length === 1) return req.reply.redirect(channels[0].url);
          return channelsPage(channels);
        },
      },
      route({
        path: '/slides/:channel', methods: ['GET'], type: 'http', auth: 'public', params: channelQuerySchema,
        handler: async (req) => {
          const id = slugId(req.pathParams.channel);
          const dates = await requestDates(this.languages, req);
          return channelPage(await this.pages.channelPage(req.env, dates, id, req.params));
        },
      }),
      route({
        path: '/slides/slide/:slide', methods: ['GET'], type: 'http', auth: 'public', params: slideNoticeSchema,
        handler: (req) => this.slidePage(req, slugId(req.pathParams.slide), { notice: req.params.notice }),
      }),
      route({
        // The vote buttons without JavaScript: visitors are sent to sign in, then back to the slide.
        path: '/slides/slide/:id/vote', methods: ['POST'], type: 'http', auth: 'public', params: voteFormSchema,
        rateLimit: { name: 'slides.vote', limit: 60, perAccount: 60, windowSeconds: 60 },
        handler: async (req) => {
          const id = slugId(req.pathParams.id);
          const row = await this.pages.slide(req.env, id);
          const url = slideUrls.slide({ id, name: String(row.name) });
          if (req.isPublic) return req.reply.redirect(loginUrl(url), { status: 303 });
          let notice = 'voted';
          try {
            await this.votes.vote(req.env, id, req.params.vote === '-1' ? -1 : 1);
          } catch (err) {
            if (!(err instanceof ValidationError)) throw err;
            notice = 'already_voted';
          }
          req.reply.redirect(`${url}?notice=${notice}`, { status: 303 });
        },
      }),
      route({
        // Share by e-mail without JavaScript: the page again with the message under the field, or a notice.
        path: '/slides/slide/:id/share_email', methods: ['POST'], type: 'http', auth: 'public', params: shareEmailFormSchema,
        rateLimit: { name: 'slides.share_email', limit: 10, perAccount: 10, windowSeconds: 600 },
        invalid: (req, errors) => this.slidePage(req, slugId(req.pathParams.id), { email: String(req.params.email ?? ''), emailError: errors.email }, 400),
        handler: async (req) => {
          const id = slugId(req.pathParams.id);
          const row = await this.pages.slide(req.env, id);
          const url = slideUrls.slide({ id, name: String(row.name) });
          if (req.isPublic) return req.reply.redirect(loginUrl(url), { status: 303 });
          await this.mails.share(req.env, id, req.params.email, await this.urls.forRequest(req) || req.http.origin);
          req.reply.redirect(`${url}?notice=mail_sent`, { status: 303 });
        },
      }),
      {
        // The slide's file (PDF or picture), for whoever may see the slide in full.
        path: '/slides/slide/:id/pdf_content', methods: ['GET'], type: 'http', auth: 'public',
        handler: async (req) => {
          const id = slugId(req.pathParams.id);
          const channelId = await this.access.slideChannelId(req.env, id);
          if (!(await this.access.canSeeFull(req.env, await this.access.channel(req.env, channelId)))) throw new AccessError('This content is for the channel\'s members.');
          const file = await this.uploads.file(req.env, id);
          if (!file) throw new MissingError('This slide has no file.');
          req.reply.header('Cache-Control', req.isPublic ? 'public, max-age=300' : 'private, max-age=300');
          req.reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
          req.reply.header('Content-Disposition', `inline; filename="${file.name.replace(/[^\w .-]+/g, '_').slice(0, 100)}${file.mime === 'application/pdf' ? '.pdf' : ''}"`);
          req.reply.send(file.bytes, file.mime);
        },
      },
      route({
        path: '/slides/embed/:id', methods: ['GET'], type: 'http', auth: 'public', params: object({ page: string().max(12).default('1') }),
        handler: (req) => this.embed(req, req.params.page),
      }),
      route({
        // A share button: counted (once per session), then off to the network's share page.
        path: '/slides/slide/:id/share', methods: ['POST'], type: 'http', auth: 'public', params: shareSchema,
        rateLimit: { name: 'slides.share', limit: 60, windowSeconds: 600 },
        handler: async (req) => {
          const id = slugId(req.pathParams.id);
          const slide = await this.pages.slide(req.env, id);
          await this.counters.countShare(req.env, req.session, id);
          const base = await this.urls.forRequest(req) || req.http.origin;
          const url = `${base}${slideUrls.slide({ id, name: String(slide.name) })}`;
          req.reply.redirectAway(SHARE_TARGETS[req.params.network](url, String(slide.name)), 303);
        },
      }),
    ];
  }

  private async slidePage(req: RequestContext, id: number, extra: Pick<SlideActionsProps, 'notice' | 'email' | 'emailError'> = {}, status = 200) {
    const row = await this.pages.slide(req.env, id);
    const channelId = (row.channel_id as [number, string])[0];
    const channel = await this.access.channel(req.env, channelId);
    const full = await this.access.canSeeFull(req.env, channel);
    const counted = full && await this.counters.countView(req.env, req.session, id);
    const dates = await requestDates(this.languages, req);
    const name = String(row.name);
    const mime = typeof row.mime_type === 'string' ? row.mime_type : '';
    const url = slideUrls.slide({ id, name });
    let viewer: SlidePageProps['viewer'] = { kind: 'none' };
    const parsed = typeof row.url === 'string' ? parseDocumentUrl(row.url) : null;
    if (!full) viewer = { kind: 'restricted', message: channel.accessErrorMsg || 'This content is for the members of the channel.' };
    else if (mime === 'application/pdf' && row.attachment_id) viewer = { kind: 'pdf', props: { url: slideUrls.pdf(id), title: name, initialPage: 1 } };
    else if (mime.startsWith('image/') && row.attachment_id) viewer = { kind: 'image', src: slideUrls.pdf(id) };
    else if (parsed) {
      const watchUrl = parsed.kind === 'youtube' ? `https://www.youtube.com/watch?v=${parsed.id}` : `https://drive.google.com/file/d/${parsed.id}/view`;
      viewer = { kind: 'video', props: { embedUrl: videoEmbedUrl(parsed.kind, parsed.id), watchUrl, posterUrl: row.has_image ? slideUrls.image(id) : null, title: name } };
      // The site's policy lets YouTube be framed; a Drive document's player only on its own page.
      if (parsed.kind === 'google') req.reply.header('Content-Security-Policy', req.reply.sentHeader('Content-Security-Policy').replace(/frame-src ([^;]*)/, 'frame-src $1 https://drive.google.com'));
    }
    else if (row.has_image) viewer = { kind: 'image', src: slideUrls.image(id) };
    const related = await this.pages.related(req.env, dates, row);
    const base = await this.urls.forRequest(req) || req.http.origin;
    const props: SlidePageProps = {
      id, name, description: typeof row.description === 'string' ? row.description : '', slideType: String(row.slide_type),
      channel: { name: channel.name, url: slideUrls.channel(channel) },
      category: Array.isArray(row.category_id) ? { id: Number(row.category_id[0]), name: String(row.category_id[1]) } : null,
      tags: await this.pages.tagsOf(req.env, (row.tag_ids as number[]) ?? []),
      date: slideDate(dates, row.date_published || row.create_date), views: Number(row.slide_views) + (counted ? 1 : 0), embedViews: Number(row.embed_views),
      published: Boolean(row.website_published), pageCount: Number(row.page_count ?? 0), viewer,
      actions: {
        slideId: id, slideName: name, likes: Number(row.likes), dislikes: Number(row.dislikes), myVote: await this.votes.myVote(req.env, id),
        signedIn: !req.isPublic, loginUrl: loginUrl(url), pageCount: Number(row.page_count ?? 0), baseUrl: base,
        embeddable: full && (viewer.kind === 'pdf' || viewer.kind === 'video'),
        embedUrl: viewer.kind === 'video' ? viewer.props.embedUrl : null, shareCount: Number(row.share_count ?? 0), csrfToken: req.csrfToken(), slideUrl: url,
        ...extra,
      },
      ...related,
    };
    return slidePage(props, status);
  }

  private async embed(req: RequestContext, rawPage: string) {
    // Other sites may frame this page, and this page only.
    req.reply.removeHeader('X-Frame-Options');
    req.reply.header('Content-Security-Policy', req.reply.sentHeader('Content-Security-Policy').replace("frame-ancestors 'self'", 'frame-ancestors *'));
    const id = /^\d{1,9}$/.test(req.pathParams.id) ? Number(req.pathParams.id) : 0;
    let row;
    try {
      if (!id) throw new MissingError('This slide does not exist.');
      row = await this.pages.slide(req.env, id);
      const channel = await this.access.channel(req.env, (row.channel_id as [number, string])[0]);
      if (!(await this.access.canSeeFull(req.env, channel))) throw new AccessError('This content is for the members of the channel.');
    } catch (err) {
      if (err instanceof UserError) return embedPage('Slide', null, err instanceof MissingError ? 404 : 403);
      throw err;
    }
    const name = String(row.name);
    const referer = req.http.header('referer');
    let host: string | null = null;
    try {
      host = referer ? new URL(referer).host : null;
    } catch {
      host = null;
    }
    // A view from this site itself (the slide page's preview) is not an embed elsewhere.
    if (host && host.toLowerCase() === req.http.host.toLowerCase()) host = null;
    await this.counters.countEmbed(req.env, req.session, id, host);
    const isPdf = row.mime_type === 'application/pdf' && row.attachment_id;
    const viewer: PdfViewerProps | null = isPdf ? { url: slideUrls.pdf(id), title: name, initialPage: embedPageNumber(rawPage, Number(row.page_count ?? 0)), embedded: true, slideUrl: slideUrls.slide({ id, name }) } : null;
    return embedPage(name, viewer);
  }
}
