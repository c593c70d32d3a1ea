import { injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import {
  ProductAttribute, ProductAttributeValue, ProductCategory, ProductProduct, ProductTemplate, ProductTemplateAttributeValue,
} from './models/product-catalog';
import { DeliveryCarrier } from './models/delivery-carrier';
import { SaleOrder, SaleOrderLine } from './models/sale-order';

@injectable()
export class SaleModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [ProductCategory, ProductTemplate, ProductAttribute, ProductAttributeValue, ProductTemplateAttributeValue, ProductProduct, SaleOrder, SaleOrderLine, DeliveryCarrier];
  }
}
