import { injectable } from 'inversify';
import { MissingError } from '@platform/core';
import type { RouteContribution, RouteDefinition } from '@platform/http';
import { websiteFormUrls } from '../../common/form-block';
import { LEAD_MODEL } from '../models/website-form-lead';

/** The models whose records keep the files forms send, and whose files internal users read (the manifest's rule). */
export const FILE_MODELS = [LEAD_MODEL, 'res.partner'];

export const attachmentUrl = websiteFormUrls.attachment;

/**
 * A file sent with a website form (kept on a contact request or a contact), downloaded by an internal user: read with the caller's rights
 * (the attachment's record rules and the request's, site by site), always as a download, never shown
 * inline (a visitor's file is never rendered in the site's origin).
 */
@injectable()
export class WebsiteFormAttachmentRoutes implements RouteContribution {
  routes(): RouteDefinition[] {
    return [{
      path: '/website_form/attachment/:id', methods: ['GET'], type: 'http', auth: 'user',
      handler: async (req) => {
        const id = /^\d{1,9}$/.test(req.pathParams.id ?? '') ? Number(req.pathParams.id) : 0;
        const [att] = id ? await req.env.model('ir.attachment').search_read([['id', '=', id], ['res_model', 'in', FILE_MODELS]], ['name', 'res_model', 'res_id', 'datas'], { limit: 1 }) : [];
        // The record the file belongs to must be readable too, with the caller's rights.
        const owner = att && FILE_MODELS.includes(String(att.res_model)) ? await req.env.model(String(att.res_model)).search([['id', '=', Number(att.res_id)]], { limit: 1 }) : [];
        if (!att || !owner.length) throw new MissingError('This file does not exist or you may not read it.');
        req.reply.header('Cache-Control', 'private, no-store');
        req.reply.file(Buffer.from(String(att.datas ?? ''), 'base64'), 'application/octet-stream', String(att.name));
      },
    }];
  }
}
