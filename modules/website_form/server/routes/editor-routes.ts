import { inject, injectable } from 'inversify';
import { object, string } from 'yup';
import { AccessError } from '@platform/core';
import { route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { blockSaveSchema, type EditorModel, websiteFormUrls } from '../../common/form-block';
import { FormBlocks } from '../services/form-blocks';
import { FormWhitelist } from '../services/form-whitelist';

/** The website module's publisher group: who edits pages edits their forms. */
export const PUBLISHER_GROUP = 'website.group_website_publisher';
const EDITOR_REFUSAL = 'Only website publishers edit the forms of pages.';

function requirePublisher(req: RequestContext): void {
  if (!req.env.hasGroup(PUBLISHER_GROUP)) throw new AccessError(EDITOR_REFUSAL);
}

/**
 * What the page editor's Form block dialog calls: the models open to forms with their whitelisted
 * fields, a block's settings, and saving them (publishers only; the models and fields are checked
 * against the whitelist again on save).
 */
@injectable()
export class WebsiteFormEditorRoutes implements RouteContribution {
  constructor(
    @inject(FormWhitelist) private readonly whitelist: FormWhitelist,
    @inject(FormBlocks) private readonly blocks: FormBlocks,
  ) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: websiteFormUrls.editorModels, type: 'json', auth: 'user', groups: [PUBLISHER_GROUP], refusal: EDITOR_REFUSAL, params: object({}),
        handler: async (req): Promise<EditorModel[]> => {
          requirePublisher(req);
          const models = await this.whitelist.all(req.env.withLang(req.lang));
          return models.map((m) => ({
            model: m.model, label: m.label,
            fields: [...m.fields.values()].map((f) => ({ name: f.name, label: f.label, type: f.type, required: f.required ?? false, selection: f.selectionLabels })),
          }));
        },
      }),
      route({
        path: websiteFormUrls.editorBlock, type: 'json', auth: 'user', groups: [PUBLISHER_GROUP], refusal: EDITOR_REFUSAL, params: object({ key: string().required().max(64) }),
        handler: async (req) => {
          requirePublisher(req);
          return this.blocks.load(req.env.withLang(req.lang), req.params.key);
        },
      }),
      route({
        path: websiteFormUrls.editorSave, type: 'json', auth: 'user', groups: [PUBLISHER_GROUP], refusal: EDITOR_REFUSAL, params: blockSaveSchema,
        handler: async (req) => {
          requirePublisher(req);
          return { key: await this.blocks.save(req.env.withLang(req.lang), req.params) };
        },
      }),
    ];
  }
}
