import { injectable } from 'inversify';
import { number, object, string } from 'yup';
import { route, type RouteContribution, type RouteDefinition } from '@platform/http';
import { AccessError, ValidationError } from '@platform/core';

export const PUBLISHER_GROUP = 'website.group_website_publisher';
export const DESIGNER_GROUP = 'website.group_website_designer';

/**
 * `/website/publish` flips `website_published` on the models that declare themselves publishable (a
 * boolean of that name alone is not enough: chat lines have one). Only publishers may (checked here,
 * not just in the browser); the write itself still goes through the model's access rights and record
 * rules, so a publisher cannot publish what they could not edit.
 */
@injectable()
export class PublishRoutes implements RouteContribution {
  routes(): RouteDefinition[] {
    return [route({
      path: '/website/publish', type: 'json', auth: 'public',
      params: object({ id: number().integer().positive().required(), object: string().required().max(128) }),
      handler: async (req) => {
        const { id, object: modelName } = req.params;
        if (!req.env.hasGroup(PUBLISHER_GROUP)) throw new AccessError('You are not allowed to publish or unpublish this content. Ask a website publisher.');
        const model = req.env.model(modelName);
        if (!model.meta.publishable || !model.meta.field('website_published')) throw new ValidationError(`Records of '${modelName}' cannot be published.`);
        const [record] = await model.read([id], ['website_published']);
        const published = !record.website_published;
        await model.write([id], { website_published: published });
        return published;
      },
    })];
  }
}
