import { inject, injectable } from 'inversify';
import { LanguageCatalog, type RequestContext } from '@platform/http';
import type { DynamicBlockContribution } from '@modules/website';
import type { WebsiteFormProps } from '../../common/form-block';
import FormBlockOptions from '../../web/islands/form-block-options';
import WebsiteForm from '../../web/islands/website-form';
import { FormBlocks } from '../services/form-blocks';

/** The placeholder's id, and its option naming the form block record (`data-form-key`). */
export const FORM_BLOCK_ID = 'website_form.form';

/**
 * The Form block: a placeholder the editor inserts, rendered here as the form island from its
 * `website.form.block` record. A block of a model no longer enabled, or of a missing record, shows nothing.
 */
@injectable()
export class WebsiteFormBlock implements DynamicBlockContribution {
  readonly id = FORM_BLOCK_ID;
  readonly name = 'Form';
  readonly insertable = true;

  constructor(
    @inject(FormBlocks) private readonly blocks: FormBlocks,
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
  ) {}

  /** The form's props, or null when the block is missing or its model is no longer enabled. */
  async props(req: RequestContext, key: string): Promise<WebsiteFormProps | null> {
    // Relations offer the records the visitor may read (countries, say), with the visitor's rights.
    const loaded = await this.blocks.form(req.env.withLang(req.lang), key, { relationChoices: true });
    if (!loaded) return null;
    const { block, target, inputs, forceAction } = loaded;
    const lang = await this.languages.find(req.lang);
    const mine = req.params.wf === key;
    return {
      action: '/website_form/', model: target.model, forceAction, blockKey: key, page: req.path, inputs,
      buttonLabel: block.button_label ? String(block.button_label) : '',
      successPage: block.success_page ? String(block.success_page) : '',
      successMessage: block.success_message ? String(block.success_message) : '',
      dateFormat: lang?.dateFormat ?? 'MM/DD/YYYY', timeFormat: lang?.timeFormat ?? 'HH:mm:ss',
      notice: mine && req.params.wf_sent === '1' ? { kind: 'success', text: '' } : undefined,
    };
  }

  /** The options dialog next to the page editor (publishers in edit mode only). */
  async editorOptions() {
    return <FormBlockOptions block={FORM_BLOCK_ID} />;
  }

  async render(req: RequestContext, options: Record<string, string>) {
    const props = await this.props(req, options['form-key'] ?? '');
    return props ? <WebsiteForm {...props} /> : null;
  }
}
