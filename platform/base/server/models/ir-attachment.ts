import { defineModel } from '@platform/orm/model-definition';
import { fields } from '@platform/orm/fields';

/**
 * A stored file (for now: images uploaded in the page editor). The bytes are kept in the database, as
 * base64 in `datas`, so every process and node sees them without a shared disk; images are re-encoded
 * and capped at 10 MB before they are stored (see AttachmentStore). Served by the image route,
 * `/web/image/ir.attachment/<id>/datas` (sizes: `?size=image_medium|image_small`), with the reader's
 * rights: visitors read `public` attachments only.
 */
export const IrAttachment = defineModel({
  name: 'ir.attachment',
  description: 'Attachment',
  order: 'id desc',
  fields: {
    name: fields.char({ required: true, size: 256 }),
    mimetype: fields.char({ size: 64, readonly: true }),
    file_size: fields.integer({ readonly: true, string: 'File size (bytes)' }),
    checksum: fields.char({ size: 64, readonly: true, string: 'SHA-256 of the bytes' }),
    res_model: fields.char({ size: 128, string: 'Attached to model' }),
    res_id: fields.integer({ string: 'Attached to record' }),
    public: fields.boolean({ default: false, string: 'Readable by everybody' }),
    website_id: fields.many2one('website', { ondelete: 'cascade' }),
    datas: fields.binary({ readonly: true, string: 'Contents' }),
  },
});
