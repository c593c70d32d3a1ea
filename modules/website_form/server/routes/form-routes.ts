import { inject, injectable } from 'inversify';
import { ValidationError } from '@platform/core';
import { type RequestContext, type RouteContribution, type RouteDefinition, safeRedirect } from '@platform/http';
import { createElement } from 'react';
import { page, TranslationCatalog } from '@platform/web';
import { BLOCK_FIELD, type FormReply, MAX_FILE_BYTES, MAX_FILES, MAX_REQUEST_BYTES, PAGE_FIELD, type StatusTemplate, websiteFormUrls } from '../../common/form-block';
import { fileFieldName } from '../../common/form-values';
import { FORM_BLOCK_MODEL } from '../models/website-form-block';
import { FormSubmission } from '../services/form-submission';
import { WebsiteFormBlock } from '../contributions/form-block';
import WebsiteForm from '../../web/islands/website-form';

const MODEL_NAME = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+){0,5}$/;

/** The island asks for JSON; a plain form post (no JavaScript) gets a redirect. */
function wantsJson(req: RequestContext): boolean {
  return req.http.header('accept').includes('application/json');
}

/** Posted values as strings or lists of strings; anything else (never sent by a form) is dropped. */
function postedStrings(params: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') out[name] = value;
    else if (Array.isArray(value)) out[name] = value.filter((v): v is string => typeof v === 'string');
  }
  return out;
}

function first(value: unknown): string {
  return typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '';
}

/**
 * `POST /website_form/<model>` (the spec's action + model name): the fields by name, files as
 * `name[index]`, in a multipart body read in memory within the upload limits. Answers JSON
 * `{id}` or `{error_fields}` to the island; without JavaScript, a redirect to the success page, or back
 * to the form's page with the refused fields named in the query. Pages holding forms are served from
 * the public page cache, so the post is checked by its origin (the platform's `csrf: 'origin'`).
 */
@injectable()
export class WebsiteFormRoutes implements RouteContribution {
  constructor(
    @inject(FormSubmission) private readonly submission: FormSubmission,
    @inject(TranslationCatalog) private readonly translations: TranslationCatalog,
    @inject(WebsiteFormBlock) private readonly blocks: WebsiteFormBlock,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/website_form/:model', methods: ['POST'], type: 'http', auth: 'public', csrf: 'origin',
        multipart: { maxFileBytes: MAX_FILE_BYTES, maxFiles: MAX_FILES, maxRequestBytes: MAX_REQUEST_BYTES, maxFields: 100 },
        rateLimit: { name: 'website_form.submit', limit: 10, perAccount: 20, windowSeconds: 600 },
        handler: async (req) => this.submit(req),
      },
      {
        // The spec's status message template, loaded with GET by the form island.
        path: websiteFormUrls.statusTemplate, methods: ['GET'], type: 'http', auth: 'public',
        handler: (req) => {
          const t = (s: string) => this.translations.translate(req.site.modules, req.lang, s);
          const template: StatusTemplate = {
            success: t('Your message has been sent. Thank you!'),
            invalid: t('Please fill in the form correctly.'),
            error: t('An error occurred: the form has not been sent. Please check the marked fields and try again.'),
            sending: t('Sending…'),
          };
          req.reply.header('Cache-Control', 'public, max-age=300');
          req.reply.send(JSON.stringify(template), 'application/json');
        },
      },
    ];
  }

  private async submit(req: RequestContext): Promise<unknown> {
    const model = req.pathParams.model ?? '';
    // The fields are the model's whitelisted ones, known only once the model is: no schema can declare
    // them, so the values are taken as the strings (or lists of strings) they must be, and checked by the service.
    const posted = postedStrings(req.params);
    const result = MODEL_NAME.test(model)
      ? await this.submission.submit(req, model, posted, req.files)
      : { error_fields: [], message: 'This form cannot be sent: its model is not open to website forms.', status: 404, messages: {} };
    if (wantsJson(req)) {
      let reply: FormReply;
      if ('id' in result) reply = { id: result.id };
      else {
        req.reply.status(result.status);
        const t = (text: string) => this.translations.translate(req.site.modules, req.lang, text);
        reply = { error_fields: result.error_fields, message: t(result.message), messages: result.messages };
      }
      req.reply.header('Cache-Control', 'no-store');
      req.reply.send(JSON.stringify(reply), 'application/json');
      return;
    }
    const formPage = safeRedirect(first(posted[PAGE_FIELD]) || '/', '/');
    const key = first(posted[BLOCK_FIELD]).replace(/[^a-z0-9_-]/g, '').slice(0, 64);
    const back = (query: string) => `${formPage.split(/[?#]/)[0]}?${query}#wf-${key}`;
    if (!('id' in result)) {
      // The form again, what was typed kept (files aside), each message under its field.
      const props = key ? await this.blocks.props(req, key) : null;
      if (!props) throw new ValidationError(result.message);
      req.reply.status(result.status);
      req.reply.header('Cache-Control', 'no-store');
      const t = (s: string) => this.translations.translate(req.site.modules, req.lang, s);
      const errors = { ...result.messages };
      // A browser cannot keep the files of a refused post (a file input cannot be filled by the page):
      // say so, and mark each file field that had files, so they are not lost without a word.
      const fileFields = [...new Set(req.files.map((f) => fileFieldName(f.field)))].filter((name) => props.inputs.some((i) => i.name === name && i.type === 'file'));
      for (const name of fileFields) errors[name] ??= t('Attach your files again: they could not be kept.');
      const text = fileFields.length ? `${t(result.message)} ${t('Your files were not kept: please attach them again.')}` : t(result.message);
      return page(t('Please check the form'), createElement('div', { className: 'website-form-retry' },
        createElement('h1', { className: 'mb-4' }, t('Please check the form')),
        createElement(WebsiteForm, { ...props, page: formPage, errors, values: posted, notice: { kind: 'danger', text } })));
    }
    const [block] = key ? await req.env.sudo().model(FORM_BLOCK_MODEL).search_read([['key', '=', key]], ['success_page'], { limit: 1 }) : [];
    const successPage = block?.success_page ? String(block.success_page) : '';
    req.reply.redirect(successPage ? safeRedirect(successPage, '/') : back(`wf=${key}&wf_sent=1`), { status: 303 });
  }
}
