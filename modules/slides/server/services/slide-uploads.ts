import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import { utcText } from '@platform/common';
import { AccessError, type Leaf, ValidationError } from '@platform/core';
import type { Env } from '@platform/orm';
import {
  DUPLICATE_TITLE_MESSAGE, FILE_OR_URL_MESSAGE, INVALID_URL_MESSAGE, NO_UPLOAD_RIGHT_MESSAGE, parseDocumentUrl, slideUrls, type SlideType,
} from '../../common/slide-constants';
import { addSlideSchema, type AddSlideValues } from '../../common/slide-schemas';
import { CATEGORY_MODEL } from '../models/slide-category';
import { SLIDE_MODEL } from '../models/slide-slide';
import { TAG_MODEL } from '../models/slide-tag';
import { checkPreviewImage, checkSlideFile, decodeBase64, type CheckedFile } from './file-check';
import { SlideAccess } from './slide-access';

/** A name equal to this one, case ignored; a name holding a LIKE wildcard is compared as it is (no escape works the same on both databases). */
function sameName(name: string): Leaf {
  const trimmed = name.trim();
  return /[\\%_]/.test(trimmed) ? ['name', '=', trimmed] : ['name', '=ilike', trimmed];
}

/**
 * Adding a slide from the upload dialog (`/slides/add_slide`): every rule of the dialog checked again
 * here, with the file looked at by the server itself (file-check.ts). Nothing is written until every
 * check passed; then the attachment, the category and tags made on the way, and the slide are written
 * in one transaction (as the superuser, after the checks: visitors and portal users have no ORM write
 * right on slides, so call_kw cannot skip them).
 */
@injectable()
export class SlideUploads {
  constructor(@inject(SlideAccess) private readonly access: SlideAccess) {}

  /**
   * Whether the channel already has a slide of that title (the dialog warns while it is typed). For those
   * who may upload to it only: the count includes unpublished slides, whose titles others must not learn.
   */
  async titleTaken(env: Env, channelId: number, name: string): Promise<boolean> {
    const channel = await this.access.channel(env, channelId);
    if (!(await this.access.canUpload(env, channel))) throw new AccessError(NO_UPLOAD_RIGHT_MESSAGE);
    return this.hasTitle(env, channel.id, name);
  }

  private async hasTitle(env: Env, channelId: number, name: string): Promise<boolean> {
    return (await env.sudo().model(SLIDE_MODEL).search_count([['channel_id', '=', channelId], sameName(name)])) > 0;
  }

  async add(env: Env, posted: Partial<AddSlideValues>): Promise<{ url: string; id: number }> {
    // What the route checked, with the schema's defaults for what was left out.
    const values = addSlideSchema.cast(posted) as AddSlideValues;
    const channel = await this.access.channel(env, values.channel_id);
    if (!(await this.access.canUpload(env, channel))) throw new AccessError(NO_UPLOAD_RIGHT_MESSAGE);
    const name = values.name.trim();
    if (await this.hasTitle(env, channel.id, name)) throw new ValidationError(DUPLICATE_TITLE_MESSAGE);

    let file: CheckedFile | null = null;
    let slideType: SlideType;
    let documentId: string | false = false;
    let url: string | false = false;
    if (values.datas) {
      if (values.url) throw new ValidationError(FILE_OR_URL_MESSAGE);
      file = await checkSlideFile(decodeBase64(values.datas));
      slideType = file.slideType;
    } else if (values.url) {
      const parsed = parseDocumentUrl(values.url);
      if (!parsed) throw new ValidationError(INVALID_URL_MESSAGE);
      slideType = parsed.kind === 'youtube' ? 'video' : 'document';
      documentId = parsed.id;
      url = values.url.trim();
      const existing = await env.sudo().model(SLIDE_MODEL).search_count([['channel_id', '=', channel.id], ['document_id', '=', parsed.id]]);
      if (existing) throw new ValidationError('This video already exists in this channel.');
    } else {
      throw new ValidationError(FILE_OR_URL_MESSAGE);
    }
    // The preview the browser drew (a PDF's first page), else an infographic is its own image.
    let image: Buffer | null = values.image ? await checkPreviewImage(decodeBase64(values.image)) : null;
    if (!image && file && file.slideType === 'infographic') image = await checkPreviewImage(file.bytes).catch(() => null);

    const sudo = env.sudo();
    let categoryId: number | false = false;
    if (values.category_id) {
      const found = await sudo.model(CATEGORY_MODEL).search_count([['id', '=', values.category_id], ['channel_id', '=', channel.id]]);
      if (!found) throw new ValidationError('This category is not one of the channel\'s.');
      categoryId = values.category_id;
    }
    if (values.tag_ids.length) {
      const known = await sudo.model(TAG_MODEL).search_count([['id', 'in', values.tag_ids]]);
      if (known !== new Set(values.tag_ids).size) throw new ValidationError('One of the tags does not exist.');
    }
    const published = Boolean(values.website_published) && this.access.canPublish(env);
    const description = values.description.trim();

    return env.transaction(async (tx) => {
      const su = tx.sudo();
      if (!categoryId && values.category_name) {
        const [same] = await su.model(CATEGORY_MODEL).search_read([['channel_id', '=', channel.id], ['name', '=', values.category_name]], ['id'], { limit: 1 });
        categoryId = same ? Number(same.id) : await su.model(CATEGORY_MODEL).create({ name: values.category_name, channel_id: channel.id });
      }
      const tagIds = [...new Set(values.tag_ids)];
      for (const tagName of new Set(values.tag_names.map((t) => t.trim()).filter(Boolean))) {
        const [same] = await su.model(TAG_MODEL).search_read([sameName(tagName)], ['id'], { limit: 1 });
        const tagId = same ? Number(same.id) : await su.model(TAG_MODEL).create({ name: tagName });
        if (!tagIds.includes(tagId)) tagIds.push(tagId);
      }
      const id = await su.model(SLIDE_MODEL).create({
        name, channel_id: channel.id, description: description || false, slide_type: slideType, url, document_id: documentId,
        mime_type: file?.mimeType ?? false, page_count: file?.pageCount ?? 0, category_id: categoryId,
        tag_ids: tagIds.length ? [[6, 0, tagIds]] : false,
        image: image ? image.toString('base64') : false,
        index_content: (values.index_content.trim() || description || '').slice(0, 200_000) || false,
        website_published: published, date_published: published ? utcText() : false,
      });
      if (file) {
        const attachmentId = await su.model('ir.attachment').create({ name: `${name.slice(0, 200)}${file.mimeType === 'application/pdf' ? '.pdf' : ''}`, public: false, res_model: SLIDE_MODEL, res_id: id });
        await su.model('ir.attachment').write([attachmentId], {
          mimetype: file.mimeType, file_size: file.bytes.length, checksum: crypto.createHash('sha256').update(file.bytes).digest('hex'), datas: file.bytes.toString('base64'),
        });
        await su.model(SLIDE_MODEL).write([id], { attachment_id: attachmentId });
      }
      return { id, url: slideUrls.slide({ id, name }) };
    });
  }

  /** The stored file of a slide the caller may see in full (the route checked it), with its type. */
  async file(env: Env, slideId: number): Promise<{ bytes: Buffer; mime: string; name: string } | null> {
    const [slide] = await env.sudo().model(SLIDE_MODEL).read([slideId], ['attachment_id', 'name']);
    const att = slide?.attachment_id as [number, string] | false;
    if (!att) return null;
    const [row] = await env.sudo().model('ir.attachment').read([att[0]], ['datas', 'mimetype']);
    if (!row || typeof row.datas !== 'string') return null;
    return { bytes: Buffer.from(row.datas, 'base64'), mime: String(row.mimetype), name: String(slide.name) };
  }
}
